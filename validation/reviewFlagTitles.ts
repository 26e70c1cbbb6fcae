import type { ReviewFlagKind } from './reviewFlags.ts';

/** What each flag means, as the review card and `room propose` both name it. */
export const REVIEW_FLAG_TITLES: Record<ReviewFlagKind, string> = {
  hidden_character: 'Hidden or direction-changing character',
  blank_run: 'Long run of blanks',
  long_line: 'Very long line',
  network: 'Network (the frame blocks it)',
  dynamic_code: 'Runs text as code',
  storage_key: 'Storage key',
  encoded_literal: 'Encoded data',
  unreadable_name: 'Unreadable name',
  unparsed: 'Not readable as code',
};

/** The card's two review-aid lists, and the kinds each one shows, in this order. */
export const REVIEW_AID_GROUPS = [
  { title: 'What the code reaches for', kinds: ['network', 'dynamic_code', 'storage_key'] },
  { title: 'Signs of obfuscation', kinds: ['unparsed', 'encoded_literal', 'unreadable_name', 'long_line'] },
] as const satisfies readonly { title: string; kinds: readonly ReviewFlagKind[] }[];
