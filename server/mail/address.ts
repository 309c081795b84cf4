/**
 * One plain e-mail address, parsed the way the mailer parses it (nodemailer's addressparser),
 * so that what is counted and checked is what a mail is sent to. 'a,victim@x.de' (two
 * addresses), '<victim@x.de>', 'x(comment)@x.de' and 'Name <x@x.de>' are not plain addresses.
 */
import addressparser from 'nodemailer/lib/addressparser';

/** Local part and domain of characters that need no quoting, and a dotted domain. */
const PLAIN = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[^\s@"(),:;<>[\]\\.]{2,}$/;

/** The address, lower case, when `input` is one plain address (spaces around it aside); else null. */
export function plainAddress(input: string): string | null {
  const text = input.trim();
  if (text.length > 254 || !PLAIN.test(text)) return null;
  const parsed = addressparser(text, { flatten: true });
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if (!only || only.name !== '' || only.address !== text) return null;
  return text.toLowerCase();
}
