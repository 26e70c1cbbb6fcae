/** How a step finds an element inside the app's frame (fixtures/agent-apps/README.md, "Targets"). */
export type Target = (
  | { role: string; name?: string }
  | { label: string }
  | { placeholder: string }
  | { text: string }
) & { nth?: number };

/** One thing the person does or sees (fixtures/agent-apps/README.md, "Steps"). */
export type Step =
  | {
      click: Target;
      button?: 'left' | 'middle' | 'right';
      modifiers?: ('Alt' | 'Control' | 'Meta' | 'Shift')[];
    }
  | { fill: Target; value: string }
  | { type: string }
  | { press: string; on?: Target }
  | { check: Target }
  | { uncheck: Target }
  | { select: Target; value: string }
  | { reload: true }
  | { expectText: string }
  | { expectNoText: string }
  | { expectVisible: Target }
  | { expectCount: Target; count: number }
  | { expectValue: Target; value: string }
  | { expectStyle: Target; property: string; value?: string; not?: string }
  | { dialog: 'accept' | 'dismiss'; promptText?: string }
  | { expectClipboard: string }
  | { expectDownload: { name: string; contains?: string } }
  | { expectNewTab: string }
  | { expectCanvasPainted: Target };

// Each step's own key, the first one a step object names.
const KINDS = [
  'click',
  'fill',
  'type',
  'press',
  'check',
  'uncheck',
  'select',
  'reload',
  'expectText',
  'expectNoText',
  'expectVisible',
  'expectCount',
  'expectValue',
  'expectStyle',
  'dialog',
  'expectClipboard',
  'expectDownload',
  'expectNewTab',
  'expectCanvasPainted',
] as const;
export type StepKind = (typeof KINDS)[number];

// Keys a step may carry besides its kind.
const EXTRA: Partial<Record<StepKind, string[]>> = {
  click: ['button', 'modifiers'],
  fill: ['value'],
  press: ['on'],
  select: ['value'],
  expectCount: ['count'],
  expectValue: ['value'],
  expectStyle: ['property', 'value', 'not'],
  dialog: ['promptText'],
};
const TARGETED: StepKind[] = [
  'click',
  'fill',
  'check',
  'uncheck',
  'select',
  'expectVisible',
  'expectCount',
  'expectValue',
  'expectStyle',
  'expectCanvasPainted',
];

/** The step's kind: the one key of {@link KINDS} it names. */
export function stepKind(step: Step): StepKind {
  return KINDS.find((k) => k in step) as StepKind;
}

/** Why a step breaks the format, or undefined when it is a step the runner knows. */
export function stepProblem(step: unknown): string | undefined {
  if (typeof step !== 'object' || step === null) return 'not an object';
  const kinds = KINDS.filter((k) => k in step);
  if (kinds.length !== 1) return `names ${kinds.length} step kinds (one of ${KINDS.join(', ')})`;
  const kind = kinds[0] as StepKind;
  const extra = Object.keys(step).filter((k) => k !== kind && !(EXTRA[kind] ?? []).includes(k));
  if (extra.length > 0) return `unknown keys for ${kind}: ${extra.join(', ')}`;
  const s = step as Record<string, unknown>;
  if (TARGETED.includes(kind) || (kind === 'press' && s.on !== undefined)) {
    const problem = targetProblem(kind === 'press' ? s.on : s[kind]);
    if (problem) return problem;
  }
  if ((kind === 'fill' || kind === 'select' || kind === 'expectValue') && typeof s.value !== 'string')
    return `${kind} needs a string value`;
  if (kind === 'expectCount' && typeof s.count !== 'number') return 'expectCount needs a count';
  if (
    kind === 'expectStyle' &&
    (typeof s.property !== 'string' || (s.value === undefined) === (s.not === undefined))
  )
    return 'expectStyle needs a property and one of value or not';
  if (kind === 'dialog' && s.dialog !== 'accept' && s.dialog !== 'dismiss')
    return 'dialog is accept or dismiss';
  if (kind === 'expectDownload' && typeof (s.expectDownload as { name?: unknown })?.name !== 'string')
    return 'expectDownload needs a file name';
  return undefined;
}

function targetProblem(target: unknown): string | undefined {
  if (typeof target !== 'object' || target === null) return 'the target is not an object';
  const ways = ['role', 'label', 'placeholder', 'text'].filter((k) => k in target);
  if (ways.length !== 1) return 'a target names one of role, label, placeholder, text';
  const extra = Object.keys(target).filter(
    (k) => !['role', 'name', 'label', 'placeholder', 'text', 'nth'].includes(k),
  );
  if (extra.length > 0) return `unknown target keys: ${extra.join(', ')}`;
  return undefined;
}
