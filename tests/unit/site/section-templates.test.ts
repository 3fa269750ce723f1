import { describe, expect, it } from 'vitest';
import { AboutUsSection } from '../../../src/client/site/home/sections/AboutUsSection';
import { ActivitiesSection } from '../../../src/client/site/home/sections/ActivitiesSection';
import { activityRows } from '../../../src/client/site/home/sections/activity-rows';
import { DefaultSection } from '../../../src/client/site/home/sections/DefaultSection';
import { GoalsSection } from '../../../src/client/site/home/sections/GoalsSection';
import { MicrofinanceSection } from '../../../src/client/site/home/sections/MicrofinanceSection';
import { NewsSection } from '../../../src/client/site/home/sections/NewsSection';
import { sectionTemplateFor } from '../../../src/client/site/home/sections/registry';

describe('sectionTemplateFor', () => {
  it.each([
    ['default', DefaultSection],
    ['about_us', AboutUsSection],
    ['_goals_obj', GoalsSection],
    ['_microfinance', MicrofinanceSection],
    ['_activities', ActivitiesSection],
    ['_news', NewsSection],
    [' _news ', NewsSection],
  ])('draws template %j with its component', (template, component) => {
    expect(sectionTemplateFor(template)?.component).toBe(component);
  });

  it.each([['custom'], ['News'], ['toString'], ['__proto__'], [''], [null], [undefined]])(
    'renders nothing for the unknown template %j',
    (template) => {
      expect(sectionTemplateFor(template)).toBeNull();
    },
  );
});

describe('activityRows', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('lays widgets out 2, then 3, then the rest in rows of up to four', () => {
    expect(activityRows(items(11))).toEqual([
      [1, 2],
      [3, 4, 5],
      [6, 7, 8, 9],
      [10, 11],
    ]);
  });
  it('keeps short lists short', () => {
    expect(activityRows(items(0))).toEqual([]);
    expect(activityRows(items(1))).toEqual([[1]]);
    expect(activityRows(items(4))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(activityRows(items(5))).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });
  it('never leaves a single widget alone in a row after the first two rows', () => {
    expect(activityRows(items(6))).toEqual([
      [1, 2],
      [3, 4, 5, 6],
    ]);
    expect(activityRows(items(10))).toEqual([
      [1, 2],
      [3, 4, 5],
      [6, 7, 8, 9, 10],
    ]);
  });
});
