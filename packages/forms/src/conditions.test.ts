import { describe, expect, it } from 'vitest';
import {
  clearInapplicableValues,
  evaluateCondition,
  isConditionalMet,
  isInputReadOnly,
  isInputVisible,
} from './conditions';
import type { FormContext } from './conditions';
import { ConditionalSchema, parseInputDefinition } from './input-definition';
import type { Condition, ConditionalInput } from './input-definition';

const base: FormContext = { now: new Date('2026-03-10T12:00:00Z') };
const admin: FormContext = { ...base, isAdmin: true, permissions: ['action:mta-claims'] };
const adminWithout: FormContext = { ...base, isAdmin: true, permissions: [] };

describe('evaluateCondition', () => {
  const values = { status: 'FT', ncd: 3, empty: '', list: ['a', 'b'] };
  it.each<[string, Condition, FormContext, boolean]>([
    ['input values match', { kind: 'input', name: 'status', values: ['FT', 'PT'] }, base, true],
    ['input values miss', { kind: 'input', name: 'status', values: ['RE'] }, base, false],
    ['input values loose (3 = "3")', { kind: 'input', name: 'ncd', values: ['3'] }, base, true],
    ['input not', { kind: 'input', name: 'status', values: ['RE'], not: true }, base, true],
    ['input isDefined true', { kind: 'input', name: 'status', isDefined: true }, base, true],
    [
      'input isDefined false on blank',
      { kind: 'input', name: 'empty', isDefined: false },
      base,
      true,
    ],
    [
      'input isDefined false on missing',
      { kind: 'input', name: 'nope', isDefined: false },
      base,
      true,
    ],
    ['input on array answers', { kind: 'input', name: 'list', values: ['b'] }, base, true],
    ['input bare means defined', { kind: 'input', name: 'nope' }, base, false],
    [
      'featureToggle on',
      { kind: 'featureToggle', name: 'multiQuote' },
      { ...base, features: { multiQuote: true } },
      true,
    ],
    [
      'featureToggle off',
      { kind: 'featureToggle', name: 'axitechFnol' },
      { ...base, features: { axitechFnol: false } },
      false,
    ],
    [
      'featureToggle enabled false',
      { kind: 'featureToggle', name: 'axitechFnol', enabled: false },
      base,
      true,
    ],
    ['featureToggle isAdmin', { kind: 'featureToggle', name: 'isAdmin' }, admin, true],
    [
      'anonymous only, anonymous',
      { kind: 'anonymous', isAnonymousOnly: true },
      { ...base, isAnonymous: true },
      true,
    ],
    ['anonymous only, signed in', { kind: 'anonymous', isAnonymousOnly: true }, base, false],
    ['signed-in only', { kind: 'anonymous', isAnonymousOnly: false }, base, true],
    ['policy', { kind: 'policy', isPolicy: true }, { ...base, isPolicy: true }, true],
    ['not policy', { kind: 'policy', isPolicy: true }, base, false],
    [
      'schemeCode in',
      { kind: 'schemeCode', schemeCodes: ['bmw-driveaway'] },
      { ...base, schemeCode: 'bmw-driveaway' },
      true,
    ],
    [
      'schemeCode out',
      { kind: 'schemeCode', schemeCodes: ['bmw-driveaway'] },
      { ...base, schemeCode: 'bmw-flex' },
      false,
    ],
    ['schemeCode none', { kind: 'schemeCode', schemeCodes: ['bmw-flex'] }, base, false],
    ['admin', { kind: 'admin', isAdmin: true }, admin, true],
    ['not admin', { kind: 'admin', isAdmin: false }, admin, false],
    [
      'permission held',
      { kind: 'adminPermission', hasPermissions: ['action:mta-claims'], default: false },
      admin,
      true,
    ],
    [
      'permission missing',
      { kind: 'adminPermission', hasPermissions: ['action:mta-claims'], default: true },
      adminWithout,
      false,
    ],
    [
      'notHasPermissions',
      { kind: 'adminPermission', notHasPermissions: ['action:mta-claims'], default: false },
      adminWithout,
      true,
    ],
    [
      'non-admin gets default true',
      { kind: 'adminPermission', hasPermissions: ['x'], default: true },
      base,
      true,
    ],
    [
      'non-admin gets default false',
      { kind: 'adminPermission', hasPermissions: [], default: false },
      base,
      false,
    ],
  ])('%s', (_name, condition, context, expected) => {
    expect(evaluateCondition(condition, { values, context })).toBe(expected);
  });

  it('looks in the loop row first, then values, then context.related', () => {
    const condition: Condition = { kind: 'input', name: 'type', values: ['Accident'] };
    expect(
      evaluateCondition(condition, {
        values: { type: 'Theft' },
        row: { type: 'Accident' },
        context: base,
      }),
    ).toBe(true);
    const related: Condition = { kind: 'input', name: 'profile.employmentStatus', values: ['RE'] };
    expect(
      evaluateCondition(related, {
        values: {},
        context: { ...base, related: { profile: { employmentStatus: 'RE' } } },
      }),
    ).toBe(true);
  });
});

describe('isConditionalMet: every / some / not', () => {
  const yes: Condition = { kind: 'admin', isAdmin: false };
  const no: Condition = { kind: 'admin', isAdmin: true };
  it.each<[string, ConditionalInput, boolean]>([
    ['every, all met', { conditions: [yes, yes] }, true],
    ['every, one unmet', { conditions: [yes, no], operator: 'every' }, false],
    ['some, one met', { conditions: [no, yes], operator: 'some' }, true],
    ['some, none met', { conditions: [no, no], operator: 'some' }, false],
    ['not every', { conditions: [yes, no], not: true }, true],
    ['not some', { conditions: [yes], operator: 'some', not: true }, false],
    ['no conditions', { conditions: [] }, true],
  ])('%s', (_name, conditional, expected) => {
    expect(
      isConditionalMet(ConditionalSchema.parse(conditional), { values: {}, context: base }),
    ).toBe(expected);
  });
});

describe('visibility, read-only and preserve', () => {
  const occupation = parseInputDefinition({
    name: 'occupation',
    type: 'lookup',
    conditional: {
      conditions: [{ kind: 'input', name: 'employmentStatus', values: ['FT', 'PT', 'SE'] }],
    },
  });
  const kept = parseInputDefinition({
    name: 'kept',
    type: 'text',
    conditional: {
      conditions: [{ kind: 'input', name: 'employmentStatus', values: ['FT'] }],
      preserve: true,
    },
  });
  const name = parseInputDefinition({
    name: 'firstName',
    type: 'name',
    readOnly: {
      conditions: [
        { kind: 'policy', isPolicy: true },
        { kind: 'admin', isAdmin: false },
      ],
    },
  });

  it('shows an input only while its conditional is met; hidden: true never shows', () => {
    expect(
      isInputVisible({ input: occupation, values: { employmentStatus: 'FT' }, context: base }),
    ).toBe(true);
    expect(
      isInputVisible({ input: occupation, values: { employmentStatus: 'RE' }, context: base }),
    ).toBe(false);
    const hidden = parseInputDefinition({ name: 'h', type: 'text', hidden: true });
    expect(isInputVisible({ input: hidden, values: {}, context: base })).toBe(false);
  });

  it('read-only by conditional', () => {
    expect(isInputReadOnly({ input: name, values: {}, context: { ...base, isPolicy: true } })).toBe(
      true,
    );
    expect(
      isInputReadOnly({ input: name, values: {}, context: { ...admin, isPolicy: true } }),
    ).toBe(false);
    expect(isInputReadOnly({ input: name, values: {}, context: base })).toBe(false);
  });

  it('clears answers of inputs whose condition is off unless preserve', () => {
    const values = { employmentStatus: 'RE', occupation: '123', kept: 'x' };
    expect(clearInapplicableValues({ inputs: [occupation, kept], values, context: base })).toEqual({
      employmentStatus: 'RE',
      kept: 'x',
    });
  });
});
