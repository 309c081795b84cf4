/**
 * The steps every wizard shares, bound to the wizard around them (useWizard): the category,
 * the details (the category's fields), and the contact form that sends. Each selects just
 * what it shows.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectConfig } from '../app/selectors';
import { CategoryPicker } from '../parts/category/CategoryPicker';
import { LazyContactForm as ContactForm } from '../parts/contactForm/LazyContactForm';
import { retryableLazy } from '../ui/LazyPart';
import { Actions } from '../ui/primitives';
import { BackButton } from './BackButton';
import { useWizard } from './WizardShell';

/** 'Zurück' for the step shown, or null on the first. */
export function useBack() {
  const dispatch = useAppDispatch();
  const { actions, selectors } = useWizard();
  const step = useAppSelector((state) => selectors.select(state).step);
  return step > 1 ? () => dispatch(actions.backClicked()) : null;
}

export function CategoryStep() {
  const dispatch = useAppDispatch();
  const { actions, selectors, kind } = useWizard();
  const objectType = useAppSelector((state) => selectors.select(state).objectType);
  const marketingType = useAppSelector((state) => selectors.select(state).marketingType);
  const selected = useAppSelector((state) => selectors.select(state).categoryId);
  const categories = useAppSelector(selectors.selectOfferedCategories);
  const back = useBack();
  return (
    <>
      <CategoryPicker
        kind={kind}
        objectType={objectType}
        marketingType={marketingType}
        categories={categories}
        selected={selected}
        onObjectType={(value) => dispatch(actions.objectTypeChosen(value))}
        onMarketingType={(value) => dispatch(actions.marketingTypeChosen(value))}
        onCategory={(id) => dispatch(actions.categoryChosen(id))}
      />
      {back && (
        <Actions>
          <BackButton onBack={back} />
        </Actions>
      )}
    </>
  );
}

/**
 * A step whose code loads apart from the wizard's first screen (its neighbour's render, hidden,
 * loads it before it shows), with 'Wird geladen …' meanwhile and 'Erneut versuchen' if it fails.
 */
export function lazyStep(load: () => Promise<{ default: ComponentType }>) {
  const Part = retryableLazy(load);
  return function LazyStep() {
    const { t } = useTranslation();
    return <Part fallback={<p role="status">{t('app.loading')}</p>} />;
  };
}

/** The contact form that sends the wizard (its message box if the wizard sends one). */
export function ContactStep() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { actions, selectors, message, submitLabel } = useWizard();
  const label = useAppSelector(submitLabel);
  const contact = useAppSelector((state) => selectors.select(state).contact);
  const status = useAppSelector((state) => selectors.select(state).status);
  const error = useAppSelector(selectors.selectSubmitError);
  const privacyUrl = useAppSelector((state) => selectConfig(state).privacyUrl);
  const back = useBack();
  return (
    <>
      <ContactForm
        fallback={<p>{t('app.loading')}</p>}
        values={contact}
        options={{ message, wish: false, newsletter: 'optional' }}
        privacyUrl={privacyUrl}
        submitLabel={t(label)}
        busy={status === 'loading'}
        error={error}
        onChange={(values) => dispatch(actions.contactEdited(values))}
        onSubmit={(values) => {
          dispatch(actions.contactEdited(values));
          dispatch(actions.submitRequested());
        }}
        onInvalid={() => dispatch(actions.validationFailed())}
        secondaryAction={<BackButton onBack={back} />}
      />
      {status === 'loading' && (
        <span className="visually-hidden" role="status">
          {t('app.loading')}
        </span>
      )}
    </>
  );
}
