import { DEFAULT_CONFIG } from '../../host/config';
import { parseLeadWizardOptions } from './options';

const config = (screens: Record<string, unknown>, query: Record<string, string> = {}) => ({
  options: { ...DEFAULT_CONFIG.options, screens },
  query,
});

describe('lead wizard options', () => {
  it('reads order, hideContactStep and hideStepHeader', () => {
    expect(
      parseLeadWizardOptions(
        config({
          leadWizard: { order: 'address-first', hideContactStep: 'true', hideStepHeader: true },
        }),
      ),
    ).toEqual({
      options: { order: 'address-first', hideContactStep: true, hideStepHeader: true },
      warnings: [],
    });
  });

  it('takes the order from the URL where init names none, init first otherwise', () => {
    expect(parseLeadWizardOptions(config({}, { order: 'address-first' })).options.order).toBe(
      'address-first',
    );
    expect(
      parseLeadWizardOptions(
        config({ leadWizard: { order: 'category-first' } }, { order: 'address-first' }),
      ).options.order,
    ).toBe('category-first');
  });

  it('falls back on bad values and names them', () => {
    expect(
      parseLeadWizardOptions(config({ leadWizard: { order: 'sideways', hideContactStep: 'ja' } })),
    ).toEqual({
      options: { order: 'category-first', hideContactStep: false, hideStepHeader: false },
      warnings: ['leadWizard.order', 'leadWizard.hideContactStep'],
    });
    expect(parseLeadWizardOptions(config({ leadWizard: 'address-first' })).warnings).toEqual([
      'leadWizard',
    ]);
  });
});
