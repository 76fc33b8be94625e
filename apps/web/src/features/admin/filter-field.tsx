import type { ReactElement } from 'react';
import { SelectOptions } from '../../components/form/select-options';
import type { AddressFilter } from './use-address-filter';

/**
 * One labelled field of a staff list's filter form, bound to the filter's draft: a text box, or,
 * with `choices`, a select whose first option (`any`, blank) filters nothing.
 */
export function FilterField<Name extends string>(props: {
  filter: AddressFilter<Name>;
  name: Name;
  /** The form's id: the field's is `{formId}-{name}`. */
  formId: string;
  label: string;
  choices?: { any: string; options: readonly { value: string; text: string }[] };
}): ReactElement {
  const { filter, name, choices } = props;
  const control = {
    id: `${props.formId}-${name}`,
    name,
    value: filter.draft[name],
    onChange: (event: { target: { value: string } }) => filter.change(name, event.target.value),
  };
  return (
    <>
      <label htmlFor={control.id}>{props.label}</label>
      {choices ? (
        <select {...control}>
          <SelectOptions empty={choices.any} options={choices.options} />
        </select>
      ) : (
        <input {...control} autoComplete="off" spellCheck={false} />
      )}
    </>
  );
}
