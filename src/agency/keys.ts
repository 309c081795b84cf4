/**
 * The inbox's keyboard shortcuts (decision 221): which key does what, where. The table is the
 * one source of the keys: the help dialog lists it, the controls name their key in
 * `aria-keyshortcuts` from it, and `commandOf` reads a key press against it.
 */

/** What a key does. */
export type KeyCommand =
  | 'next'
  | 'previous'
  | 'open'
  | 'back'
  | 'markRead'
  | 'markUnread'
  | 'assignMe'
  | 'search'
  | 'help';

/** The page a key works on: the list, or a submission's detail. */
export type KeyPlace = 'list' | 'detail';

export interface KeyBinding {
  /** `KeyboardEvent.key` as the key gives it ('I' with Shift). */
  key: string;
  /** How the help and `aria-keyshortcuts` name it ('Shift+I'). */
  shortcut: string;
  command: KeyCommand;
  places: readonly KeyPlace[];
}

export const KEYS: readonly KeyBinding[] = [
  { key: 'j', shortcut: 'J', command: 'next', places: ['list', 'detail'] },
  { key: 'k', shortcut: 'K', command: 'previous', places: ['list', 'detail'] },
  { key: 'o', shortcut: 'O', command: 'open', places: ['list'] },
  { key: 'u', shortcut: 'U', command: 'back', places: ['detail'] },
  { key: 'I', shortcut: 'Shift+I', command: 'markRead', places: ['detail'] },
  { key: 'U', shortcut: 'Shift+U', command: 'markUnread', places: ['detail'] },
  { key: 'a', shortcut: 'A', command: 'assignMe', places: ['detail'] },
  { key: '/', shortcut: '/', command: 'search', places: ['list'] },
  { key: '?', shortcut: '?', command: 'help', places: ['list', 'detail'] },
];

/** The shortcut of a command, for a control's `aria-keyshortcuts`. */
export const shortcutOf = (command: KeyCommand) =>
  KEYS.find((binding) => binding.command === command)!.shortcut;

/** Where typing goes: a key pressed there is the text's, never a shortcut. */
function typingIn(target: EventTarget | null) {
  if (!(target instanceof Element)) return false;
  return (
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !==
      null || target.closest('dialog[open]') !== null
  );
}

/** The command a key press asks for on `place`, or null (a key of its own, or typing). */
export function commandOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
  place: KeyPlace,
): KeyCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return null;
  const binding = KEYS.find((b) => b.key === event.key && b.places.includes(place));
  return binding?.command ?? null;
}
