/**
 * An API token acts with the lesser of its role and its maker's (security/api-tokens.ts
 * lesserRole), which is only what both allow if each role's rights hold every right of the roles
 * after it in ROLES. A role given a right its betters lack would break that: this says so.
 */
import { describe, expect, it } from 'vitest';
import { lesserRole } from '../../src/server/security/api-tokens';
import { ACTIONS, AREAS, RIGHTS, ROLES, rightOf, type Subject } from '../../src/shared/rights';
import { ENTITIES } from '../../src/shared/entities';

const SUBJECTS: Subject[] = [...(Object.keys(ENTITIES) as Subject[]), ...AREAS];
const reach = { all: 2, own: 1 } as const;

describe('token roles', () => {
  it('each role may do all that every role after it in ROLES may, as far', () => {
    for (const [i, role] of ROLES.entries()) {
      for (const lower of ROLES.slice(i + 1)) {
        if (RIGHTS[lower].sites === 'all') expect(RIGHTS[role].sites).toBe('all');
        for (const subject of SUBJECTS) {
          for (const action of ACTIONS) {
            const below = rightOf(lower, subject, action);
            if (!below) continue;
            const above = rightOf(role, subject, action);
            const holds = above !== undefined && reach[above] >= reach[below];
            expect(holds, `${role} may ${action} ${subject} as far as ${lower}`).toBe(true);
          }
        }
      }
    }
  });

  it('the lesser role is the later one, either way round', () => {
    expect(lesserRole('admin', 'viewer')).toBe('viewer');
    expect(lesserRole('viewer', 'admin')).toBe('viewer');
    expect(lesserRole('editor', 'author')).toBe('author');
    expect(lesserRole('editor', 'editor')).toBe('editor');
  });
});
