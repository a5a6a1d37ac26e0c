// SPEC §4 / §9 toast constants, set explicitly rather than relying on react-hot-toast's defaults.
import type { DefaultToastOptions } from 'react-hot-toast';
import { TOAST_DURATIONS_MS, TOAST_REMOVE_DELAY_MS } from '../constants';

export const TOAST_OPTIONS: DefaultToastOptions = {
  removeDelay: TOAST_REMOVE_DELAY_MS,
  blank: { duration: TOAST_DURATIONS_MS.blank },
  error: { duration: TOAST_DURATIONS_MS.error },
  success: { duration: TOAST_DURATIONS_MS.success },
  loading: { duration: TOAST_DURATIONS_MS.loading },
};
