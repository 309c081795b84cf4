import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  MARKETING_TYPES,
  OBJECT_TYPES,
  type Category,
  type MarketingType,
  type ObjectType,
  type WizardKind,
} from '../../../contract/catalog';
import { CategoryIcon } from '../../ui/icons/CategoryIcon';
import { Fieldset } from '../../ui/primitives';
import { RadioGroup } from '../../ui/RadioGroup';
import { dataKey } from '../../i18n';

const withoutSoftHyphens = (text: string) => text.replace(/\u00ad/g, '');

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 0.75rem;
  list-style: none;
  padding: 0;
  margin: 0;
`;

const Tile = styled.button<{ $selected: boolean }>`
  width: 100%;
  min-height: 8rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.5rem;
  font: inherit;
  font-weight: 600;
  text-align: center;
  overflow-wrap: anywhere;
  hyphens: auto;
  color: ${(p) => (p.$selected ? '#fff' : p.theme.colors.primary)};
  background: ${(p) => (p.$selected ? p.theme.colors.primary : '#fff')};
  border: 2px solid ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radius};
  cursor: pointer;
  &:hover {
    box-shadow: 0 2px 8px rgb(0 0 0 / 20%);
  }
`;

/**
 * Marketing type, object type and the category tiles (product 2.1.2, 2.3.2, 3.14). The lead
 * variant says 'Verkaufen/Vermieten', the search variant 'Kaufen/Mieten'; which tiles are
 * offered is the caller's (categoriesFor(kind, ...)), so Mehrfamilienhaus stays lead-only and
 * Grundstück buy-only.
 */
export function CategoryPicker({
  kind,
  objectType,
  marketingType,
  categories,
  selected,
  onObjectType,
  onMarketingType,
  onCategory,
}: {
  kind: WizardKind;
  objectType: ObjectType;
  marketingType: MarketingType;
  categories: Category[];
  selected: number | null;
  onObjectType(value: ObjectType): void;
  onMarketingType(value: MarketingType): void;
  onCategory(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <RadioGroup
        legend={t('wizard.marketingType')}
        name="marketingType"
        values={MARKETING_TYPES}
        checked={marketingType}
        labelOf={(value) =>
          t(
            kind === 'lead'
              ? `wizard.marketingTypesLead.${value}`
              : `wizard.marketingTypesSearch.${value}`,
          )
        }
        onChange={onMarketingType}
      />
      <RadioGroup
        legend={t('wizard.objectType')}
        name="objectType"
        values={OBJECT_TYPES}
        checked={objectType}
        labelOf={(value) => t(`wizard.objectTypes.${value}`)}
        onChange={onObjectType}
      />
      <Fieldset>
        <legend>{t('wizard.category')}</legend>
        <Tiles>
          {categories.map((category) => {
            // Long names carry soft hyphens (Mehr­familien­haus) so narrow tiles break them
            // properly; the accessible name is the plain word.
            const label = t(dataKey(`categories.${category.name}`));
            return (
              <li key={category.id}>
                <Tile
                  type="button"
                  $selected={category.id === selected}
                  aria-pressed={category.id === selected}
                  aria-label={withoutSoftHyphens(label)}
                  onClick={() => onCategory(category.id)}
                >
                  <CategoryIcon name={category.name} />
                  {label}
                </Tile>
              </li>
            );
          })}
        </Tiles>
      </Fieldset>
    </>
  );
}
