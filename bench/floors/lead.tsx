/**
 * The library floor of the lead wizard route: a plain page that uses each library the route
 * uses outside its map chunk, the ordinary way, and nothing of ours. `npm run bench` builds it
 * like the widget and compares the route's initial JS with it.
 */
import { combineSlices, configureStore, createSlice } from '@reduxjs/toolkit';
import { useFormik } from 'formik';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import createSagaMiddleware from 'redux-saga';
import { call, put, takeEvery } from 'redux-saga/effects';
import styled from 'styled-components';
import * as yup from 'yup';

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, email: '' },
  reducers: {
    clicked: (state) => void (state.value += 1),
    saved: (state, action: { payload: string }) => void (state.email = action.payload),
  },
});
const sagas = createSagaMiddleware();
const store = configureStore({
  reducer: combineSlices(counter),
  middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
});
sagas.run(function* () {
  yield takeEvery(counter.actions.clicked.type, function* () {
    const answer: Response = yield call(fetch, '/');
    yield put(counter.actions.saved(answer.statusText));
  });
});

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'de', resources: { de: { translation: {} } } });

const Button = styled.button`
  color: ${(p) => (p.disabled ? 'grey' : 'navy')};
`;

const schema = yup.object({ email: yup.string().email().required() });

function Page() {
  const { t } = useTranslation();
  const value = useSelector((state: ReturnType<typeof store.getState>) => state.counter.value);
  const dispatch = useDispatch();
  const form = useFormik({
    initialValues: { email: '' },
    validationSchema: schema,
    onSubmit: (v) => void dispatch(counter.actions.saved(v.email)),
  });
  return (
    <form onSubmit={form.handleSubmit}>
      <input name="email" value={form.values.email} onChange={form.handleChange} />
      <Button type="button" onClick={() => dispatch(counter.actions.clicked())}>
        {t('count', { value })}
      </Button>
    </form>
  );
}

createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </BrowserRouter>
    </I18nextProvider>
  </Provider>,
);
