/** nock body matchers that hold the widget's requests to the backend contract. */
import { requestConforms } from '../contract/validator';
import type { Method } from '../contract/schema';

/** Matches only a body that conforms; a non-conforming one fails the test with the reason. */
export function conforming(method: Method, path: string) {
  return (body: unknown) => {
    const result = requestConforms(method, path, body);
    if (!result.ok)
      throw new Error(
        `request to ${method.toUpperCase()} ${path} breaks the contract: ${result.errors}`,
      );
    return true;
  };
}
