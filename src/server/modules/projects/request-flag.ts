import { isObject, type Body } from '../../http/legacy-body';
import { AppError } from '../../http/app-error';
import { describeValue } from '../../http/record-id';

/** A yes/no flag of a body (true/false) or of a query string (1/0, true/false); absent is no. */
export function flag(body: Body, query: unknown, name: string): boolean {
  const data = isObject(body.data) ? body.data : {};
  const sent = body[name] ?? data[name];
  if (sent !== undefined && sent !== null && typeof sent !== 'boolean')
    throw new AppError('bad_request', `${name} must be true or false; got ${describeValue(sent)}.`);
  const text = (query as Record<string, unknown> | undefined)?.[name];
  if (text !== undefined && !['0', '1', 'true', 'false'].includes(String(text)))
    throw new AppError('bad_request', `?${name}= takes 1 or 0; got ${describeValue(text)}.`);
  return sent === true || text === '1' || text === 'true';
}
