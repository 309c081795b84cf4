/**
 * The search regions and their shapes as the backend gave them (product 7.2), loaded once
 * per visit and shared by every screen that picks regions.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import type { Region } from './tree';

export interface RegionShape {
  locationId: number;
  name: string;
  /** The region it belongs to (a locality's district), as the shapes name it. */
  parentId: number | null;
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface RegionsState {
  status: LoadStatus;
  regions: Region[];
  shapesStatus: LoadStatus;
  shapes: RegionShape[];
  /** The shapes' source as the backend names it (plain text), for the map's attribution. */
  shapesAttribution: string;
}

const initialState: RegionsState = {
  status: 'idle',
  regions: [],
  shapesStatus: 'idle',
  shapes: [],
  shapesAttribution: '',
};

export const regionsSlice = createSlice({
  name: 'regions',
  initialState,
  reducers: {
    regionsRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    regionsLoaded(state, action: PayloadAction<Region[]>) {
      state.status = 'loaded';
      state.regions = action.payload;
    },
    regionsFailed(state) {
      state.status = 'failed';
    },
    /** The map showed: its shapes are wanted. */
    shapesRequested(state) {
      if (state.shapesStatus !== 'loaded') state.shapesStatus = 'loading';
    },
    shapesLoaded(state, action: PayloadAction<{ shapes: RegionShape[]; attribution: string }>) {
      state.shapesStatus = 'loaded';
      state.shapes = action.payload.shapes;
      state.shapesAttribution = action.payload.attribution;
    },
    shapesFailed(state) {
      state.shapesStatus = 'failed';
    },
  },
});

export const regionsActions = regionsSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  export interface LazyLoadedSlices extends WithSlice<typeof regionsSlice> {}
}

/** Injected when the first screen that picks regions loads. */
export const selectRegionsState = regionsSlice.injectInto(rootReducer).selectSlice;
