import { useTranslation } from 'react-i18next';
import type { InputDefinition, InputOption } from '@motor/forms';

// Question texts live in the forms namespace, keyed by the input's name with dots as underscores
// ('drivingLicence.validFrom' → labels.drivingLicence_validFrom); a loop's row inputs are keyed
// under the loop ('vehicleClaimsHistory_date'). The brand config's meta.label / meta.hint win.

/** The copy key of an input: its dot path with underscores, prefixed by its loop's key. */
export function getCopyKey(name: string, loopName?: string): string {
  const own = name.replace(/\./g, '_');
  return loopName ? `${loopName.replace(/\./g, '_')}_${own}` : own;
}

/** An answer value as an option key ('true', '5', 'PolicyHolder'). */
export const optionKey = (value: InputOption['value']): string => String(value);

export type InputCopy = {
  label: string;
  hint?: string;
  optionText: (option: InputOption) => string;
};

/** Label, hint and option texts of an input, from its meta else the forms namespace. */
export function useInputCopy(input: InputDefinition, loopName?: string): InputCopy {
  const { t, i18n } = useTranslation('forms');
  const key = getCopyKey(input.name, loopName);
  // Only look up keys that exist: a missing translation is logged (spec 1 §8), and most
  // questions have no hint.
  const lookUp = (keys: string[]) => keys.find((candidate) => i18n.exists(`forms:${candidate}`));
  const labelKey = lookUp([`labels.${key}`]);
  const hintKey = lookUp([`hints.${key}`]);
  const label = input.meta.label ?? (labelKey ? t(labelKey) : input.name);
  const hint = input.meta.hint ?? (hintKey ? t(hintKey) : undefined);
  const optionText = (option: InputOption) => {
    const value = optionKey(option.value);
    const optionKeyFound = lookUp([`options.${key}.${value}`, `values.${value}`]);
    return optionKeyFound ? t(optionKeyFound) : option.text;
  };
  return { label, hint, optionText };
}
