import type { ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Actions, PrimaryButton, SecondaryButton } from '../../ui/primitives';

export interface ConfirmProps {
  title: string;
  /** The buttons' words: what the action does, and going back. */
  confirm: string;
  cancel: string;
  /** While the action runs: said in the dialog, its buttons wait. */
  busy: string | null;
  onConfirm(): void;
  onCancel(): void;
  children: ReactNode;
}

/** A confirmation that says what an action does before it runs (an erasure, the demo's removal). */
export function Confirm({
  title,
  confirm,
  cancel,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmProps) {
  return (
    <Dialog title={title} onClose={onCancel}>
      {children}
      <p role="status">{busy ?? ''}</p>
      <Actions>
        <SecondaryButton type="button" disabled={busy !== null} onClick={onCancel}>
          {cancel}
        </SecondaryButton>
        <PrimaryButton type="button" disabled={busy !== null} onClick={onConfirm}>
          {confirm}
        </PrimaryButton>
      </Actions>
    </Dialog>
  );
}
