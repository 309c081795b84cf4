import type { StrictEffect } from 'redux-saga/effects';

/** The type of our saga generators: redux-saga feeds each yield's result back untyped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Saga<R = void> = Generator<StrictEffect, R, any>;
