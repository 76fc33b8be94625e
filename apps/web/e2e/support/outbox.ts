// The dev outbox (/dev/outbox.json): what the server would have e-mailed, for journeys to read.

export type OutboxMessage = { subject: string; body: string };

/** The policy confirmation e-mail, once the documents job has sent it. */
export async function readConfirmation(baseUrl: string, email: string): Promise<OutboxMessage> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(
      `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(email)}`,
    );
    const messages = (await response.json()) as OutboxMessage[];
    const found = messages.find((message) => /^Your policy .+ is confirmed$/.test(message.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no confirmation e-mail for ${email}`);
}

/** The newest e-mail to `email` whose subject matches, once the server has sent it. */
export async function readMessage(
  baseUrl: string,
  email: string,
  subject: RegExp,
): Promise<OutboxMessage> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(
      `${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(email)}`,
    );
    const messages = (await response.json()) as OutboxMessage[];
    const found = messages.find((message) => subject.test(message.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no e-mail "${String(subject)}" for ${email}`);
}
