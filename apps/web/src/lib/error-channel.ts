export type ErrorChannel = {
  emit: (error: unknown) => void;
  listen: (listener: (error: unknown) => void) => void;
};

/** Hands errors from outside React (the query cache) to the error modal once it listens. */
export function createErrorChannel(): ErrorChannel {
  let listener: (error: unknown) => void = () => undefined;
  return {
    emit: (error) => listener(error),
    listen: (next) => {
      listener = next;
    },
  };
}
