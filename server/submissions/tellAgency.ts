/**
 * How the agency hears of a submission (docs/agency.md#notices): inside the transaction of the
 * event, its notice (once per submission; AGENCY_NOTICE says whether at submit or at
 * confirmation) and the event's webhook.
 */
import type { SubmissionReader, SubmissionRecord } from '../agency/records';
import { matchCount } from '../agency/matches';
import { agencyNotice, visitorReplyTo } from '../agency/notices';
import { feedbackAttachments, feedbackSender, openimmoFeedback } from '../agency/openimmo';
import { now } from '../db/clock';
import type { Queryable } from '../db/sql';
import type { ApiContext } from '../http/context';
import type { SubmissionStore } from './store';

export type SubmissionEvent = 'submission.created' | 'submission.confirmed';

export function agencyTeller(
  ctx: Pick<ApiContext, 'config' | 'outbox' | 'publicUrl'>,
  records: SubmissionReader,
  store: Pick<SubmissionStore, 'submission' | 'markNoticed'>,
) {
  const { config, outbox } = ctx;
  const sender = feedbackSender(config);
  const inboxUrl = (uuid: string) => `${ctx.publicUrl()}/agency/submissions/${uuid}`;
  return {
    /** Whether the agency hears of a submission when it is stored (else at its confirmation). */
    atSubmit: outbox.webhooksOn || config.agencyNotice === 'on-submit',

    /** Writes the notice (when due) and the webhook of `event` through `tx`. */
    async tell(tx: Queryable, submissionId: number, event: SubmissionEvent) {
      const record = (await records.read(tx, submissionId)) as SubmissionRecord;
      // Its matched pairs as they stand in this transaction (a lead's are stored before).
      const matches = await matchCount(tx, submissionId);
      const to = config.noticeTo[record.kind];
      const noticeDue =
        to &&
        (event === 'submission.confirmed' || config.agencyNotice === 'on-submit') &&
        !(await store.submission(tx, submissionId))!.noticed_at;
      if (noticeDue) {
        await outbox.mail(
          tx,
          {
            to,
            ...agencyNotice(record, inboxUrl(record.uuid), matches),
            replyTo: visitorReplyTo(record.contact),
            attachments: feedbackAttachments(record, sender, ctx.publicUrl()),
            links: [],
          },
          { kind: 'notice', submissionId },
        );
        await store.markNoticed(tx, submissionId, now());
      }
      if (outbox.webhooksOn) {
        const { id: _id, ...submission } = record;
        await outbox.webhook(
          tx,
          event,
          {
            submission: {
              ...submission,
              matches,
              openimmoFeedback: openimmoFeedback(record, sender, ctx.publicUrl()),
            },
          },
          submissionId,
        );
      }
    },
  };
}

export type AgencyTeller = ReturnType<typeof agencyTeller>;
