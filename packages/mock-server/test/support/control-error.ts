// The MockControlError a control call rejected with (a test of a refusal reads its kind and code).
import { MockControlError } from '../../src/index';

export async function controlError(promise: Promise<unknown>): Promise<MockControlError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof MockControlError))
    throw new Error(`expected a MockControlError, got ${String(error)}`);
  return error;
}
