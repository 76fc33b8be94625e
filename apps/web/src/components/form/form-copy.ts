import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputDefinition, InputOption } from '@motor/forms';

// Question texts live in the forms namespace, keyed by the input's name with dots as underscores
// ('drivingLicence.validFrom' → labels.drivingLicence_validFrom); a loop's row inputs are keyed
// under the loop ('vehicleClaimsHistory_date'). The brand config's meta.label / meta.hint win.
// An additional driver's form asks about that driver: where a text reads "you", forms:driver.*
// holds the same key phrased about {{driver}} (the driver's first name, else "this driver").

/** The additional driver a form asks about; null (no provider) when it asks the customer. */
export type AdditionalDriver = { firstName?: string };

export const AdditionalDriverContext = createContext<AdditionalDriver | null>(null);

/** The copy key of an input: its dot path with underscores, prefixed by its loop's key. */
function getCopyKey(name: string, loopName?: string): string {
  const own = name.replace(/\./g, '_');
  return loopName ? `${loopName.replace(/\./g, '_')}_${own}` : own;
}

/** An answer value as an option key ('true', '5', 'PolicyHolder'). */
const optionKey = (value: InputOption['value']): string => String(value);

export type InputCopy = {
  label: string;
  hint?: string;
  optionText: (option: InputOption) => string;
};

/** Label, hint and option texts of an input, from its meta else the forms namespace. */
export function useInputCopy(input: InputDefinition, loopName?: string): InputCopy {
  const { t, i18n } = useTranslation('forms');
  const driver = useContext(AdditionalDriverContext);
  const key = getCopyKey(input.name, loopName);
  // Only look up keys that exist: a missing translation is logged (spec 1 §8), and most
  // questions have no hint.
  const lookUp = (keys: string[]) => keys.find((candidate) => i18n.exists(`forms:${candidate}`));
  // The driver's wording first, when the form is about a driver and the question has one.
  const about = (path: string) => (driver ? [`driver.${path}`, path] : [path]);
  const values = driver ? { driver: driver.firstName || t('driver.unnamed') } : {};
  const labelKey = lookUp(about(`labels.${key}`));
  const hintKey = lookUp(about(`hints.${key}`));
  const label = input.meta.label ?? (labelKey ? t(labelKey, values) : input.name);
  const hint = input.meta.hint ?? (hintKey ? t(hintKey, values) : undefined);
  const optionText = (option: InputOption) => {
    const value = optionKey(option.value);
    const optionKeyFound = lookUp([...about(`options.${key}.${value}`), `values.${value}`]);
    return optionKeyFound ? t(optionKeyFound, values) : option.text;
  };
  return { label, hint, optionText };
}
