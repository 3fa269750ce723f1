/**
 * The XState machine of a visitor's public form: the chart and what it does are in
 * public-form-chart.ts, which public pages run without XState (lean.ts).
 */
import { leanMachine } from './lean-machine';
import { publicFormChart, publicFormImplementations } from './public-form-chart';

export const publicFormMachine = leanMachine(publicFormChart, publicFormImplementations);
