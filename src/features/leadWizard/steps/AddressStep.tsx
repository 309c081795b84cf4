import { useTranslation } from 'react-i18next';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { LazyMap } from '../../../ui/map/LazyMap';
import type { LatLngZoom } from '../../../ui/map/LocationMap';
import {
  Actions,
  FieldRow,
  Hint,
  Input,
  Label,
  LinkButton,
  PrimaryButton,
  SecondaryButton,
} from '../../../ui/primitives';
import { BackButton } from '../../../wizard/BackButton';
import { displayLine, hasCoordinates, type Address } from '../../../parts/location/address';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const PinQuestion = styled.div`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  padding: 0.75rem;
  & p {
    margin: 0 0 0.5rem;
  }
`;

const ROW: ('street' | 'number')[] = ['street', 'number'];
const ROW2: ('zip' | 'city')[] = ['zip', 'city'];

export function AddressStep({
  picker,
  location,
  addressAtPin,
  manualEntry,
  showFieldsWithPin,
  view,
  tiles,
  consentPanel,
  canContinue,
  onManual,
  onTakePinAddress,
  onKeepAddress,
  onField,
  onPlace,
  onMove,
  onTilesFailed,
  onNext,
  onBack,
}: {
  /** The address search; its own component, so typing re-renders it alone. */
  picker: ReactNode;
  location: Address | null;
  /** The address found where the pin was moved far from the address: offered, not taken. */
  addressAtPin: Address | null;
  manualEntry: boolean;
  showFieldsWithPin: boolean;
  view: LatLngZoom;
  tiles: { url: string; attribution: string } | null;
  /** Shown in front of the map while the visitor has not agreed to load its tiles. */
  consentPanel: ReactNode;
  canContinue: boolean;
  onManual(): void;
  onTakePinAddress(): void;
  onKeepAddress(): void;
  onField(field: 'street' | 'number' | 'zip' | 'city', value: string): void;
  onPlace(point: { lat: number; lng: number }): void;
  onMove(view: LatLngZoom): void;
  onTilesFailed(url: string): void;
  onNext(): void;
  onBack: (() => void) | null;
}) {
  const { t } = useTranslation();
  const questionId = useId();
  const located = hasCoordinates(location);
  const showFields = manualEntry || (showFieldsWithPin && located);
  const field = (name: 'street' | 'number' | 'zip' | 'city', autoComplete: string) => (
    <Label key={name}>
      <span>{t(`location.${name}`)}</span>
      <Input
        value={location?.[name] ?? ''}
        autoComplete={autoComplete}
        maxLength={200}
        onChange={(e) => onField(name, e.target.value)}
      />
    </Label>
  );
  const autocomplete = {
    street: 'address-line1',
    number: 'off',
    zip: 'postal-code',
    city: 'address-level2',
  };
  return (
    <Stack>
      {picker}
      {!showFields && (
        <div>
          <LinkButton type="button" onClick={onManual}>
            {t('location.manual')}
          </LinkButton>
        </div>
      )}
      {showFields && (
        <>
          <FieldRow>{ROW.map((n) => field(n, autocomplete[n]))}</FieldRow>
          <FieldRow>{ROW2.map((n) => field(n, autocomplete[n]))}</FieldRow>
          {/* With a coordinate, the fields lead on to the details (product 2.2.3, decision 44). */}
          {located && (
            <div>
              <PrimaryButton type="button" onClick={onNext}>
                {t('location.enterDetails')}
              </PrimaryButton>
            </div>
          )}
          {manualEntry && !located && <p>{t('location.placePinHint')}</p>}
        </>
      )}
      {consentPanel}
      {/* Until the visitor places or drags the pin, it stands where the geocoder guessed. */}
      {location?.approximate && <Hint role="status">{t('leadWizard.approximatePosition')}</Hint>}
      {addressAtPin && location && (
        <PinQuestion role="group" aria-labelledby={questionId}>
          <p id={questionId} role="status">
            {t('leadWizard.pinFar', {
              address: displayLine(location),
              found: displayLine(addressAtPin),
            })}
          </p>
          <Actions>
            <SecondaryButton type="button" onClick={onKeepAddress}>
              {t('leadWizard.pinKeepAddress')}
            </SecondaryButton>
            <PrimaryButton type="button" onClick={onTakePinAddress}>
              {t('leadWizard.pinTakeAddress')}
            </PrimaryButton>
          </Actions>
        </PinQuestion>
      )}
      <LazyMap
        view={view}
        marker={located ? { lat: location!.lat!, lng: location!.lng! } : null}
        tiles={tiles}
        labels={{
          map: t('location.map'),
          placePin: t('location.placePin'),
          pin: t('location.pin'),
          sources: t('location.mapSources'),
        }}
        loadingLabel={t('location.mapLoading')}
        onPlace={onPlace}
        onMove={onMove}
        onTilesFailed={onTilesFailed}
      />
      <Actions>
        <BackButton onBack={onBack} />
        <PrimaryButton type="button" onClick={onNext} disabled={!canContinue}>
          {t('location.moreDetails')}
        </PrimaryButton>
      </Actions>
    </Stack>
  );
}
