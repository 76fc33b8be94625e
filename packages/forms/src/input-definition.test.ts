import { describe, expect, it } from 'vitest';
import {
  INPUT_TYPES,
  InputConfigError,
  RULES_BY_TYPE,
  getRuleName,
  parseInputDefinition,
  parseInputDefinitions,
} from './input-definition';
import { DEFAULT_VALIDATION_MESSAGES } from './validation-messages';

describe('parseInputDefinitions', () => {
  it('applies defaults', () => {
    expect(parseInputDefinition({ name: 'a.b', type: 'text' })).toEqual({
      name: 'a.b',
      type: 'text',
      validation: {},
      messages: {},
      meta: {},
      readOnly: false,
      hidden: false,
    });
  });

  it.each([
    [
      'unknown rule name',
      [{ name: 'x', type: 'text', validation: { foo: true } }],
      /Unknown validation rule "foo" for input "x" of type text/,
    ],
    [
      'rule of another type',
      [{ name: 'x', type: 'text', validation: { onlyAccept: true } }],
      /Unknown validation rule "onlyAccept"/,
    ],
    [
      'unknown rule with suffix',
      [{ name: 'x', type: 'date', validation: { 'bogus#a': {} } }],
      /Unknown validation rule "bogus"/,
    ],
    [
      'bad parameter',
      [{ name: 'x', type: 'numberText', validation: { lessThanOrEqual: 'ten' } }],
      /Invalid parameter of rule "lessThanOrEqual"/,
    ],
    [
      'bad regExp',
      [{ name: 'x', type: 'text', validation: { regExp: '(' } }],
      /Invalid regular expression/,
    ],
    [
      'bad duration',
      [{ name: 'x', type: 'date', validation: { afterOrEqual: { offset: '5 years' } } }],
      /signed ISO 8601 duration/,
    ],
    ['unknown type', [{ name: 'x', type: 'slider' }], /type/],
    [
      'unknown condition kind',
      [{ name: 'x', type: 'text', conditional: { conditions: [{ kind: 'moon' }] } }],
      /kind/,
    ],
    ['loop without inputs', [{ name: 'x', type: 'questionLoop' }], /has no inputs/],
    [
      'inputs on a non-loop',
      [{ name: 'x', type: 'text', inputs: [{ name: 'y', type: 'text' }] }],
      /Only a questionLoop/,
    ],
    [
      'duplicate names',
      [
        { name: 'x', type: 'text' },
        { name: 'x', type: 'text' },
      ],
      /Duplicate input name "x"/,
    ],
    [
      'unknown rule in a loop row',
      [
        {
          name: 'l',
          type: 'questionLoop',
          inputs: [{ name: 'y', type: 'date', validation: { nope: 1 } }],
        },
      ],
      /Unknown validation rule "nope"/,
    ],
  ])('%s is a configuration error', (_name, config, message) => {
    expect(() => parseInputDefinitions(config)).toThrow(InputConfigError);
    expect(() => parseInputDefinitions(config)).toThrow(message);
  });

  it('accepts suffixed rule keys', () => {
    const input = parseInputDefinition({
      name: 'x',
      type: 'date',
      validation: { 'beforeOrEqual#age17': { offset: '-P17Y' } },
    });
    expect(Object.keys(input.validation)).toEqual(['beforeOrEqual#age17']);
    expect(getRuleName('beforeOrEqual#age17')).toBe('beforeOrEqual');
  });

  it('has a default message for every rule of every type', () => {
    for (const type of INPUT_TYPES) {
      const messages: Record<string, string> = DEFAULT_VALIDATION_MESSAGES[type];
      for (const rule of Object.keys(RULES_BY_TYPE[type])) {
        expect(messages[rule], `${type}.${rule}`).toBeTruthy();
      }
    }
  });
});
