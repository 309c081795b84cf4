/** product 2.8: the saved searches as cards, with create, edit, activate and delete dialogs. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { categoryById, FIELD_IDS } from '../../../contract/catalog';
import { SAVED_SEARCH_CARD_MAX_REGIONS, CONFIRM_DIALOG_MAX_WIDTH } from './constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../../app/selectors';
import { dataKey } from '../../i18n';
import { formatCurrency } from '../../i18n/format';
import type { Language } from '../../i18n/language';
import { Dialog } from '../../ui/Dialog';
import { Actions, Alert, PrimaryButton, SecondaryButton } from '../../ui/primitives';
import { EmbeddedScreen } from '../../app/EmbeddedScreen';
import type { SavedSearch, SavedSearchWizardProps } from '../savedSearchWizard';
import { portalActions as actions, selectPortal, type SavedSearchInput } from './slice';

export const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
  gap: 1rem;
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
`;

export const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  padding: 1rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  h3 {
    margin: 0;
    font-size: 1.1rem;
  }
  p {
    margin: 0;
  }
`;

const Tools = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-top: auto;
  justify-content: flex-end;
`;

const IconButton = styled.button`
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 2px solid ${(p) => p.theme.colors.primary};
  border-radius: ${(p) => p.theme.radius};
  color: ${(p) => p.theme.colors.primary};
  background: #fff;
  cursor: pointer;
  svg {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

/** A card action's pictogram (decorative: the button carries the name). */
const ActionIcon = ({ path }: { path: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={path} />
  </svg>
);

const EDIT_PATH =
  'M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z';
const DELETE_PATH = 'M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z';

/** product 2.8.2: 'min – max', 'max. X' or 'min. X' of the price range, if it has one. */
function priceLine(search: SavedSearch, language: Language, t: TFunction) {
  const price = search.fields.find((f) => f.name === FIELD_IDS.price);
  const min = typeof price?.minValue === 'number' ? formatCurrency(price.minValue, language) : null;
  const max = typeof price?.maxValue === 'number' ? formatCurrency(price.maxValue, language) : null;
  if (min && max) return t('savedSearch.priceRange', { min, max });
  if (max) return t('savedSearch.priceMax', { max });
  if (min) return t('savedSearch.priceMin', { min });
  return null;
}

function SearchCard({ search }: { search: SavedSearch }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const category = categoryById(search.categoryId);
  const names = search.locations.map((l) => l.name).filter(Boolean);
  const shown = names.slice(0, SAVED_SEARCH_CARD_MAX_REGIONS).join(', ');
  const more = names.length - SAVED_SEARCH_CARD_MAX_REGIONS;
  const price = priceLine(search, language, t);
  const title = t(`savedSearch.titles.${search.marketingType}`, {
    category: category ? t(dataKey(`categories.${category.name}`)).replace(/\u00ad/g, '') : '',
  });
  return (
    <Card>
      <p>
        {t(
          `savedSearch.objectTypes.${search.objectType === 'COMMERCIAL' ? 'COMMERCIAL' : 'LIVING'}`,
        )}
        {!search.active && t('savedSearch.inactiveSuffix')}
      </p>
      <h3>{title}</h3>
      {shown && (
        <p>
          {shown}
          {more > 0 && t('savedSearch.moreRegions', { count: more })}
        </p>
      )}
      {price && <p>{price}</p>}
      <Tools>
        <IconButton
          type="button"
          aria-label={`${t('savedSearch.edit')}: ${title}`}
          title={t('savedSearch.edit')}
          onClick={() => dispatch(actions.dialogOpened({ kind: 'editSearch', uuid: search.uuid }))}
        >
          <ActionIcon path={EDIT_PATH} />
        </IconButton>
        <IconButton
          type="button"
          aria-label={`${t('savedSearch.delete')}: ${title}`}
          title={t('savedSearch.delete')}
          onClick={() =>
            dispatch(actions.dialogOpened({ kind: 'deleteSearch', uuid: search.uuid }))
          }
        >
          <ActionIcon path={DELETE_PATH} />
        </IconButton>
      </Tools>
    </Card>
  );
}

/** The dialog's change found no connection: said above its buttons, whose send says 'Erneut senden'. */
function useOffline() {
  return useAppSelector((state) => selectPortal(state).offlineChange !== null);
}

function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <Alert role="alert" $severity="error">
      {t('errors.submitOffline')}
    </Alert>
  );
}

/** The create and edit dialogs: the saved-search wizard without contact step, with its buttons. */
function SearchDialog({ profile }: { profile: SavedSearch | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectPortal(state).busy);
  const offline = useOffline();
  const visible = useAppSelector((state) => state.host.visible);
  return (
    <Dialog
      title={t(profile ? 'savedSearch.edit' : 'savedSearch.create')}
      visible={visible}
      onClose={() => dispatch(actions.dialogClosed())}
    >
      <EmbeddedScreen<SavedSearchWizardProps>
        id="savedSearchWizard"
        props={{
          profile,
          footer: ({ isComplete, assembled }) => {
            // Saved only once complete (isComplete): its category is one of the contract's.
            const savedSearch = assembled as SavedSearchInput;
            return (
              <>
                {offline && <OfflineNotice />}
                <Actions>
                  <SecondaryButton type="button" onClick={() => dispatch(actions.dialogClosed())}>
                    {t('savedSearch.cancel')}
                  </SecondaryButton>
                  {profile && !profile.active && (
                    <SecondaryButton
                      type="button"
                      disabled={!isComplete || busy}
                      onClick={() =>
                        dispatch(actions.searchSaveRequested({ ...savedSearch, active: true }))
                      }
                    >
                      {t('savedSearch.activate')}
                    </SecondaryButton>
                  )}
                  <PrimaryButton
                    type="button"
                    disabled={!isComplete || busy}
                    onClick={() => dispatch(actions.searchSaveRequested(savedSearch))}
                  >
                    {t(offline ? 'wizard.resend' : 'savedSearch.save')}
                  </PrimaryButton>
                </Actions>
              </>
            );
          },
        }}
      />
    </Dialog>
  );
}

function DeleteDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => selectPortal(state).busy);
  const offline = useOffline();
  const visible = useAppSelector((state) => state.host.visible);
  return (
    <Dialog
      title={t('savedSearch.delete')}
      maxWidth={CONFIRM_DIALOG_MAX_WIDTH}
      visible={visible}
      onClose={() => dispatch(actions.dialogClosed())}
    >
      <p>{t('savedSearch.deleteConfirm')}</p>
      {offline && <OfflineNotice />}
      <Actions>
        <SecondaryButton type="button" onClick={() => dispatch(actions.dialogClosed())}>
          {t('savedSearch.cancel')}
        </SecondaryButton>
        <PrimaryButton
          type="button"
          disabled={busy}
          onClick={() => dispatch(actions.deleteConfirmed())}
        >
          {t(offline ? 'wizard.resend' : 'savedSearch.confirmDelete')}
        </PrimaryButton>
      </Actions>
    </Dialog>
  );
}

export function SavedSearches() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const searches = useAppSelector((state) => selectPortal(state).savedSearches);
  const dialog = useAppSelector((state) => selectPortal(state).dialog);
  const editing =
    dialog?.kind === 'editSearch' ? searches?.find((s) => s.uuid === dialog.uuid) : undefined;
  return (
    <>
      <PrimaryButton
        type="button"
        onClick={() => dispatch(actions.dialogOpened({ kind: 'createSearch' }))}
      >
        {t('savedSearch.create')}
      </PrimaryButton>
      {searches === null ? (
        <p role="status">{t('home.loading')}</p>
      ) : searches.length === 0 ? (
        <p>{t('savedSearch.empty')}</p>
      ) : (
        <Cards aria-label={t('savedSearch.list')}>
          {searches.map((search) => (
            <SearchCard key={search.uuid} search={search} />
          ))}
        </Cards>
      )}
      {dialog?.kind === 'createSearch' && <SearchDialog profile={null} />}
      {editing && <SearchDialog profile={editing} />}
      {dialog?.kind === 'deleteSearch' && <DeleteDialog />}
    </>
  );
}
