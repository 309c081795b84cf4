/**
 * The consent checkboxes of a form that sends a contact (product 3.1): one labelled box,
 * never pre-ticked, its required mark and its error; and the privacy consent's label with its
 * link. The contact form and the inquiry's offer of a saved search show them alike.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { splitTagged } from '../../i18n';

const Check = styled.label`
  display: flex;
  gap: 0.6rem;
  align-items: flex-start;
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    flex: none;
  }
`;

export interface ConsentCheckProps {
  name: string;
  checked: boolean;
  label: ReactNode;
  required: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  /** The error shown below the box (its element carries `errorId`). */
  error?: ReactNode;
  errorId?: string;
}

export function ConsentCheck(props: ConsentCheckProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Check>
        <input
          type="checkbox"
          name={props.name}
          checked={props.checked}
          onChange={props.onChange}
          required={props.required}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? props.errorId : undefined}
        />
        <span>
          {props.label}
          {props.required && <span aria-hidden="true">{t('contact.requiredMark')}</span>}
        </span>
      </Check>
      {props.error}
    </div>
  );
}

/** The privacy consent's text, its tagged part a link to the configured privacy page. */
export function PrivacyLabel({ privacyUrl }: { privacyUrl: string | null }) {
  const { t } = useTranslation();
  const privacy = splitTagged(t('contact.dataPrivacy'), 'privacyLink');
  return (
    <>
      {privacy.before}
      {privacyUrl ? (
        <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
          {privacy.inner}
        </a>
      ) : (
        privacy.inner
      )}
      {privacy.after}
    </>
  );
}
