/**
 * @jest-environment node
 *
 * The bands an owner's count is shown in (decision 166): each count maps to the lower bound of
 * its band, nothing below 3, nothing finer.
 */
import { responseConforms } from './validator';
import { waitingBand, WAITING_BANDS } from './waitingBuyers';

describe('the bands of waiting buyers', () => {
  it('gives each count the lower bound of its band, none below 3', () => {
    const shown = [0, 1, 2, 3, 9, 10, 24, 25, 49, 50, 51, 100000].map(waitingBand);
    expect(shown).toEqual([null, null, null, 3, 3, 10, 10, 25, 25, 50, 50, 50]);
  });

  it('is the contract: a lead answer with a count off the bands does not conform', () => {
    const answer = (count: number | null) => ({
      success: true,
      uuid: 'u1',
      waitingBuyers: { count, place: null },
    });
    for (const band of [...WAITING_BANDS, null])
      expect(responseConforms('post', '/v1/wizard/lead', 201, answer(band)).ok).toBe(true);
    for (const count of [2, 4, 14])
      expect(responseConforms('post', '/v1/wizard/lead', 201, answer(count)).ok).toBe(false);
  });
});
