/**
 * The interaction floor: a plain React + Redux Toolkit page that does what a wizard step
 * change does (a click on a tile changes the store and the route, focus moves to the new
 * heading) and what typing does (each key goes through the store). `npm run bench` times
 * click and keystroke to the next paint here and in the widget, with the same throttling.
 */
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';

const TILES = ['Wohnung', 'Haus', 'Mehrfamilienhaus', 'Grundstück'];

const wizard = createSlice({
  name: 'wizard',
  initialState: { chosen: null as string | null, text: '' },
  reducers: {
    chosen: (state, action: PayloadAction<string>) => void (state.chosen = action.payload),
    typed: (state, action: PayloadAction<string>) => void (state.text = action.payload),
  },
});
const store = configureStore({ reducer: { wizard: wizard.reducer } });
type State = ReturnType<typeof store.getState>;

function Tiles() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (
    <main>
      <h2>Um welche Immobilie geht es?</h2>
      <ul>
        {TILES.map((tile) => (
          <li key={tile}>
            <button
              type="button"
              onClick={() => {
                dispatch(wizard.actions.chosen(tile));
                navigate('/next');
              }}
            >
              {tile}
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}

function Next() {
  const dispatch = useDispatch();
  const text = useSelector((state: State) => state.wizard.text);
  const chosen = useSelector((state: State) => state.wizard.chosen);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main>
      <h2 tabIndex={-1} ref={heading}>
        Adresse: {chosen}
      </h2>
      <label>
        Adresse suchen
        <input
          role="combobox"
          aria-expanded="false"
          value={text}
          onChange={(e) => dispatch(wizard.actions.typed(e.target.value))}
        />
      </label>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<Tiles />} />
        <Route path="/next" element={<Next />} />
      </Routes>
    </MemoryRouter>
  </Provider>,
);
