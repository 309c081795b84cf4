// The inbox's typed react-redux hooks (its one module that touches the raw ones).
import { useDispatch, useSelector } from 'react-redux';
import type { AgencyRootState } from './slice';
import type { AgencyDispatch } from './store';

export const useAgencyDispatch = useDispatch.withTypes<AgencyDispatch>();
export const useAgencySelector = useSelector.withTypes<AgencyRootState>();
