/**
 * A machine's table drawn as Markdown: its rows as a table, and as a Mermaid state diagram
 * (docs/machines.md is made of these, scripts/machinesDoc.ts). Not part of the widget's code.
 */
import type { Row, Table } from './table';

const label = (row: Row<string, string, string>) =>
  [row.on, row.when?.length ? `[${row.when.join(', ')}]` : '', row.does ? `/ ${row.does}` : '']
    .filter(Boolean)
    .join(' ');

function statesOf(table: Table<string, string, string>): readonly string[] {
  return table.states ?? [...new Set(table.rows.flatMap((row) => row.from))];
}

/** A table's rows as a Markdown table, its columns aligned. */
export function tableRows(table: Table<string, string, string>): string[] {
  const cells = [
    ['from', 'event', 'guards', 'to', 'change'],
    ...table.rows.map((row) => [
      row.from.join(', '),
      row.on,
      row.when?.join(', ') ?? '',
      row.to ?? '(stays)',
      row.does ?? '',
    ]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(3, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(cells[0]!), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)];
}

/** A table as a Mermaid state diagram: its first state is where it starts. */
export function tableDiagram(table: Table<string, string, string>): string[] {
  const lines = [
    '```mermaid',
    'stateDiagram-v2',
    '  direction LR',
    `  [*] --> ${statesOf(table)[0]}`,
  ];
  for (const row of table.rows)
    for (const from of row.from) lines.push(`  ${from} --> ${row.to ?? from}: ${label(row)}`);
  return [...lines, '```'];
}

/** Each step's guard for leaving it, as text. */
export const guardsText = (leave: Partial<Record<string, string>>) =>
  Object.entries(leave)
    .map(([step, guard]) => `${step}: \`${guard}\``)
    .join(', ');

/**
 * One wizard's steps as a diagram: forward under each step's guard, back, the header's jumps,
 * and the submission from the contact step.
 */
export function wizardDiagram(
  steps: readonly string[],
  leave: Partial<Record<string, string>>,
  jumpAhead: readonly string[],
): string[] {
  const lines = ['```mermaid', 'stateDiagram-v2', '  direction LR', `  [*] --> ${steps[0]}`];
  steps.forEach((step, i) => {
    const next = steps[i + 1];
    if (next) lines.push(`  ${step} --> ${next}: NEXT${leave[step] ? ` [${leave[step]}]` : ''}`);
    if (i > 0) lines.push(`  ${step} --> ${steps[i - 1]}: BACK`);
  });
  const contact = steps[steps.length - 1];
  lines.push(
    `  ${contact} --> sending: SUBMIT [${Object.values(leave).join(', ')}]`,
    '  sending --> sent: SUCCEEDED',
    `  sending --> ${contact}: FAILED (error)`,
    `  ${contact} --> ${contact}: INVALID (userError)`,
    '  sent --> [*]',
    `  note right of ${steps[0]}: JUMP (the step header) to step 1 always, to any other step [${jumpAhead.join(', ')}]`,
    '```',
  );
  return lines;
}
