import type { TFunction } from 'i18next';
import { isApiError } from './api-client';

const ERROR_TYPES = [
  'NETWORK',
  'SIGN_IN_FAILED',
  'UNAUTHORIZED',
  'UNEXPECTED',
  'NOT_AUTHORISED_ACTION',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export type ErrorContent = {
  header: string;
  content: string;
  subheader?: string;
  bullets?: string[];
};

type DescriptionEntry = {
  header?: string;
  content?: string;
  subheader?: string;
  bullets?: string[];
};

/** An error the app raises itself with a catalogue type (e.g. SIGN_IN_FAILED). */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly type: ErrorType;

  constructor(type: ErrorType, message: string = type) {
    super(message);
    this.type = type;
  }
}

function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (ERROR_TYPES as readonly string[]).includes(value);
}

function errorTypeOf(error: unknown): ErrorType | null {
  if (isApiError(error)) return error.kind;
  if (typeof error !== 'object' || error === null) return null;
  const { type, kind } = error as { type?: unknown; kind?: unknown };
  if (isErrorType(type)) return type;
  if (isErrorType(kind)) return kind;
  return null;
}

/**
 * What the error modal shows (spec 1 §8): texts by error type, else by error_description
 * (with optional subheader and bullets), else the error's name and message.
 */
export function getErrorContent(error: unknown, t: TFunction): ErrorContent {
  const type = errorTypeOf(error);
  if (type) {
    return { header: t(`errors:${type}.header`), content: t(`errors:${type}.content`) };
  }

  const description =
    typeof error === 'object' && error !== null
      ? (error as { error_description?: unknown }).error_description
      : undefined;
  if (typeof description === 'string') {
    const catalogue = t('errors:descriptions', { returnObjects: true }) as unknown;
    const entry =
      typeof catalogue === 'object' && catalogue !== null
        ? (catalogue as Record<string, DescriptionEntry | undefined>)[description]
        : undefined;
    if (entry) {
      return {
        header: entry.header ?? t('errors:modal.defaultHeader'),
        content: entry.content ?? description,
        ...(entry.subheader ? { subheader: entry.subheader } : {}),
        ...(entry.bullets?.length ? { bullets: entry.bullets } : {}),
      };
    }
  }

  if (error instanceof Error) {
    return { header: error.name, content: error.message };
  }
  return { header: t('errors:modal.defaultHeader'), content: String(error) };
}
