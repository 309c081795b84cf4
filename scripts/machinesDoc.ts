/** docs/machines.md, drawn from the machines' tables (npm run docs:machines writes it). */
import {
  HANDLING_TABLE,
  LIST_TABLE,
  LOAD_TABLE,
  SESSION_TABLE as STAFF,
} from '../src/agency/machines';
import { OFFER_TABLE } from '../src/features/exposeInquiry/offer';
import { LEAD_TABLE, leadMachine, STEP_ORDERS } from '../src/features/leadWizard/machine';
import { SESSION_TABLE } from '../src/features/portal/machine';
import { SAVED_SEARCH_TABLE, savedSearchMachine } from '../src/features/savedSearchWizard/machine';
import { guardsText, tableDiagram, tableRows, wizardDiagram } from '../src/machine/diagram';
import type { Table } from '../src/machine/table';
import { STEP_TABLE } from '../src/wizard/stepMachine';
import { SUBMISSION_TABLE } from '../src/wizard/submission';

/** docs/machines.md (generated: Prettier leaves it alone). */
export function machinesDoc(): string {
  const leadTable = LEAD_TABLE;
  const searchTable = SAVED_SEARCH_TABLE;
  const lines = [
    '# State machines',
    '',
    '<!-- Written by `npm run docs:machines` from the tables in the code; a test holds it to them. -->',
    '',
    'Every flow of the widget and the inbox is a table of rows: from which states an event leads',
    'where, under which named guards, with which named change. Slices ask their table and apply',
    'what it answers (`src/machine/table.ts`); tests walk each table row by row. This file is',
    'drawn from the tables themselves.',
    '',
    '## The step machine (every wizard)',
    '',
    "`src/wizard/stepMachine.ts`. The states are the submission's statuses; the step the visitor",
    'is on is the context that `forward`, `back` and `jump` change. The guards are the step',
    "machine's; `mayLeave`, `mayJumpAhead` and `complete` ask the wizard's own table (below).",
    '',
    ...tableRows(STEP_TABLE),
    '',
    ...tableDiagram(STEP_TABLE),
    '',
    '## The lead wizard',
    '',
    '`src/features/leadWizard/machine.ts`: its steps in both orders, the guard for leaving each',
    `step (${guardsText(leadTable.leave)}),`,
    `and the guards that open the header's later steps (${leadTable.jumpAhead.map((g) => `\`${g}\``).join(', ')}).`,
    '',
    ...(Object.keys(STEP_ORDERS) as (keyof typeof STEP_ORDERS)[]).flatMap((order) => [
      `### ${order}`,
      '',
      ...wizardDiagram(
        leadMachine.stepsOf({ order, hideContactStep: false }),
        leadTable.leave,
        leadTable.jumpAhead,
      ),
      '',
    ]),
    '## The saved-search wizard',
    '',
    '`src/features/savedSearchWizard/machine.ts`: the guard for leaving each step',
    `(${guardsText(searchTable.leave)}), and the guards that open the header's later steps`,
    `(${searchTable.jumpAhead.map((g) => `\`${g}\``).join(', ')}).`,
    '',
    ...wizardDiagram(
      savedSearchMachine.stepsOf({ hideContactStep: false }),
      searchTable.leave,
      searchTable.jumpAhead,
    ),
    '',
    "## A one-step page's submission",
    '',
    '`src/wizard/submission.ts`: the listing inquiry, the contact form and the newsletter page.',
    '',
    ...tableRows(SUBMISSION_TABLE),
    '',
    ...tableDiagram(SUBMISSION_TABLE),
    '',
    "## The inquiry's offer of a saved search",
    '',
    '`src/features/exposeInquiry/offer.ts`: the saved search the listing inquiry proposes, on its',
    "success step. `consented`: both of the offer's own consents are ticked; without them, SEND",
    'stays and asks for them. A new inquiry clears it.',
    '',
    ...tableRows(OFFER_TABLE),
    '',
    ...tableDiagram(OFFER_TABLE),
    '',
    "## The portal's session",
    '',
    '`src/features/portal/machine.ts`.',
    '',
    ...tableRows(SESSION_TABLE),
    '',
    ...tableDiagram(SESSION_TABLE),
    '',
    '## The inbox',
    '',
    "`src/agency/machines.ts`: the staff session, the list, a loaded part (a submission's detail,",
    'its matches, the funnel) and a status being set.',
    '',
    ...(
      [
        ['Staff session', STAFF],
        ['List', LIST_TABLE],
        ['Detail, matches and funnel', LOAD_TABLE],
        ['Status change', HANDLING_TABLE],
      ] as const
    ).flatMap(([title, table]) => [
      `### ${title}`,
      '',
      ...tableRows(table as Table<string, string, string>),
      '',
      ...tableDiagram(table as Table<string, string, string>),
      '',
    ]),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
