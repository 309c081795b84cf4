/**
 * The interaction floor: the lead wizard's first two steps (their captured markup and styles,
 * leadMarkup.ts) rendered by plain React with Redux Toolkit: a tile's click changes the store
 * and the step, focus moves to the new heading, each key goes through the store. So it does
 * the same DOM and style work as the widget, without styled-components, sagas or our code.
 * After a change to those steps, recapture the markup: npm run bench:capture-floor.
 */
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createElement, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { ADDRESS_STEP, CATEGORY_STEP, CSS } from './leadMarkup';

const wizard = createSlice({
  name: 'wizard',
  initialState: { step: 1, chosen: null as string | null, text: '' },
  reducers: {
    chosen: (state, action: PayloadAction<string>) => {
      state.chosen = action.payload;
      state.step = 2;
    },
    typed: (state, action: PayloadAction<string>) => void (state.text = action.payload),
  },
});
const store = configureStore({ reducer: { wizard: wizard.reducer } });
type State = ReturnType<typeof store.getState>;

/** A parsed element tree, parsed once at start (not in the timed interaction). */
interface Tree {
  tag: string;
  props: Record<string, string | boolean>;
  children: (Tree | string)[];
}

const REACT_NAMES: Record<string, string> = {
  class: 'className',
  tabindex: 'tabIndex',
  for: 'htmlFor',
  autocomplete: 'autoComplete',
  viewbox: 'viewBox',
  'stroke-width': 'strokeWidth',
  'stroke-linejoin': 'strokeLinejoin',
  'stroke-linecap': 'strokeLinecap',
};

const BOOLEAN = new Set(['hidden', 'disabled']);

function parse(html: string): Tree[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const convert = (node: Element): Tree => ({
    tag: node.tagName.toLowerCase(),
    props: Object.fromEntries(
      [...node.attributes]
        .filter((a) => a.name !== 'style' && a.name !== 'value' && a.name !== 'checked')
        .map((a) => [REACT_NAMES[a.name] ?? a.name, BOOLEAN.has(a.name) ? true : a.value]),
    ),
    children: [...node.childNodes].flatMap((child) =>
      child.nodeType === Node.ELEMENT_NODE
        ? [convert(child as Element)]
        : child.nodeType === Node.TEXT_NODE
          ? [child.textContent ?? '']
          : [],
    ),
  });
  return [...template.content.children].map(convert);
}

const CATEGORY = parse(CATEGORY_STEP);
const ADDRESS = parse(ADDRESS_STEP);

function render(tree: Tree | string, key: number, hooks: Hooks): ReactNode {
  if (typeof tree === 'string') return tree;
  const props: Record<string, unknown> = { ...tree.props, key };
  hooks(tree, props);
  return createElement(
    tree.tag,
    props,
    ...tree.children.map((child, index) => render(child, index, hooks)),
  );
}

type Hooks = (tree: Tree, props: Record<string, unknown>) => void;

function CategoryStep() {
  const dispatch = useDispatch();
  const hooks: Hooks = (tree, props) => {
    if (tree.tag === 'button' && props['aria-pressed'] !== undefined) {
      const name = tree.children.filter((c) => typeof c === 'string').join('');
      props.onClick = () => dispatch(wizard.actions.chosen(name));
    }
    if (tree.tag === 'input' && tree.props.type === 'radio') props.readOnly = true;
  };
  return <>{CATEGORY.map((tree, index) => render(tree, index, hooks))}</>;
}

function AddressStep() {
  const dispatch = useDispatch();
  const text = useSelector((state: State) => state.wizard.text);
  useEffect(() => document.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true }), []);
  const hooks: Hooks = (tree, props) => {
    if (tree.tag === 'input') {
      props.value = text;
      props.onChange = (e: { target: { value: string } }) =>
        dispatch(wizard.actions.typed(e.target.value));
    }
    // The box's clear button shows once something is typed, as in the widget.
    if (tree.tag === 'button' && tree.props['aria-label'] === 'Eingabe löschen')
      props.hidden = text === '';
  };
  return <>{ADDRESS.map((tree, index) => render(tree, index, hooks))}</>;
}

function Page() {
  const step = useSelector((state: State) => state.wizard.step);
  return step === 1 ? <CategoryStep /> : <AddressStep />;
}

const style = document.createElement('style');
style.textContent = CSS;
document.head.appendChild(style);
createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <Page />
  </Provider>,
);
