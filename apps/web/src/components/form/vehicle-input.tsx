import { useState } from 'react';
import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeVehicle as nameVehicle, engineCapacityLitres, enginePowerPs } from '@motor/domain';
import type { RegistrationFormatConfig } from '@motor/forms';
import { isCompleteRegistration } from '@motor/forms';
import { formatPlate } from '../../lib/format';
import { useApiClient } from '../../lib/use-api-client';
import { Button } from '../ui/button';
import { ChatAction } from '../ui/chat-action';
import { ChangeOrConfirm } from './change-or-confirm';
import { SelectInput } from './choice-inputs';
import { FieldError } from './field';
import type { FieldBaseProps } from './field';
import { LicencePlateInput } from './licence-plate-input';
import { findVehicleByRegistration, listMakes, listModels, listSpecifications } from './lookup-api';
import type { VehicleSpecification } from './lookup-api';
import { SearchSelect } from './search-select';
import { NumberInput } from './text-input';

/** The vehicle answer (ASSET vehicle): how it was found and the catalogue's specification. */
export type VehicleAnswer = {
  vrn: string | null;
  regLookup: boolean;
  specification: VehicleSpecification;
  /**
   * Set by the server when a registration typed for a car chosen by make and model belongs to
   * another car, which replaced it: what to tell the customer (issue 31 item 1).
   */
  lookupNotice?: string | null;
};

export type VehicleInputProps = FieldBaseProps & {
  value: VehicleAnswer | undefined;
  onChange: (value: VehicleAnswer | undefined) => void;
  formatConfig: RegistrationFormatConfig;
  /** Earliest year of manufacture offered (1934) and the current year. */
  earliestYear: number;
  currentYear: number;
};

/**
 * A car's description, '2024 BMW 3 Series 320i M Sport': the domain's one namer, which never
 * says a word twice ('BMW M3 Competition', issue 31 item 10).
 */
const describeCar = (vehicle: VehicleSpecification) =>
  [vehicle.year, nameVehicle(vehicle)].filter(Boolean).join(' ');

/** The specification card: engine in litres and PS (spec 1 §9), fuel, gearbox, seats. */
function VehicleSummary({ vehicle }: { vehicle: VehicleSpecification }): ReactElement {
  const { t } = useTranslation('forms');
  const facts = [
    vehicle.engineCapacity
      ? t('vehicle.litres', { litres: engineCapacityLitres(vehicle.engineCapacity) })
      : null,
    vehicle.enginePower ? t('vehicle.power', { ps: enginePowerPs(vehicle.enginePower) }) : null,
    vehicle.primaryFuel,
    vehicle.transmission,
    vehicle.numberOfSeats ? t('vehicle.seats', { count: vehicle.numberOfSeats }) : null,
  ].filter(Boolean);
  return (
    <div className="vehicle-summary">
      {vehicle.vrn ? (
        <p className="vehicle-summary__plate licence-plate">{formatPlate(vehicle.vrn)}</p>
      ) : null}
      <p className="vehicle-summary__name">{describeCar(vehicle)}</p>
      <p className="vehicle-summary__facts">{facts.join(' · ')}</p>
    </div>
  );
}

/** The server's word that the registration's car replaced the one chosen (issue 31 item 1). */
export function LookupNotice({ text }: { text: string }): ReactElement {
  return (
    <p className="notification notification--info" role="status">
      {text}
    </p>
  );
}

function Candidate({
  vehicle,
  onConfirm,
}: {
  vehicle: VehicleSpecification;
  onConfirm: () => void;
}): ReactElement {
  const { t } = useTranslation('forms');
  // Without an insurance group the car cannot be priced: the customer must talk to us.
  const hasGroup = vehicle.insuranceGroup !== null && vehicle.insuranceGroup !== undefined;
  return (
    <div className="vehicle-candidate">
      <VehicleSummary vehicle={vehicle} />
      {hasGroup ? null : (
        <p className="notification notification--warning" role="status">
          {t('vehicle.noInsuranceGroup')}
        </p>
      )}
      {hasGroup ? null : (
        <p>
          <ChatAction />
        </p>
      )}
      <Button layout="small" disabled={!vehicle.vehicleCode || !hasGroup} onClick={onConfirm}>
        {t('vehicle.confirm')}
      </Button>
    </div>
  );
}

function RegistrationSearch({
  id,
  formatConfig,
  onChoose,
}: {
  id: string;
  formatConfig: RegistrationFormatConfig;
  onChoose: (answer: VehicleAnswer) => void;
}): ReactElement {
  const { t } = useTranslation('forms');
  const client = useApiClient();
  const [vrn, setVrn] = useState('');
  const [candidate, setCandidate] = useState<VehicleSpecification | null | undefined>(undefined);
  const [formatError, setFormatError] = useState<string | undefined>();

  const find = async () => {
    if (!isCompleteRegistration(vrn, formatConfig)) {
      setFormatError(t('vehicle.invalidRegistration'));
      return;
    }
    setFormatError(undefined);
    setCandidate(await findVehicleByRegistration(client, vrn));
  };

  return (
    <div className="vehicle-search">
      <div className="vehicle-search__row">
        <LicencePlateInput
          id={id}
          label={t('vehicle.registration')}
          hint={t('vehicle.registrationHint')}
          error={formatError ?? (candidate === null ? t('vehicle.notFound') : undefined)}
          value={vrn}
          formatConfig={formatConfig}
          onChange={(next) => {
            setVrn(next);
            setCandidate(undefined);
          }}
          onSubmit={() => void find()}
        />
        <Button layout="small" variant="inverted" onClick={() => void find()}>
          {t('vehicle.find')}
        </Button>
      </div>
      {candidate ? (
        <Candidate
          vehicle={candidate}
          onConfirm={() =>
            onChoose({ vrn: candidate.vrn, regLookup: true, specification: candidate })
          }
        />
      ) : null}
    </div>
  );
}

/** The manual search's choices, in the order they are made. */
const CASCADE = ['yearText', 'make', 'model', 'vehicleCode'] as const;
type Cascade = Record<(typeof CASCADE)[number], string>;

/** The manual search's choices: choosing one clears those after it, which it narrows. */
function useCascade(): [Cascade, (level: keyof Cascade) => (value: string) => void] {
  const [choices, setChoices] = useState<Cascade>({
    yearText: '',
    make: '',
    model: '',
    vehicleCode: '',
  });
  const choose = (level: keyof Cascade) => (value: string) =>
    setChoices((current) => {
      const next = { ...current, [level]: value };
      for (const later of CASCADE.slice(CASCADE.indexOf(level) + 1)) next[later] = '';
      return next;
    });
  return [choices, choose];
}

/** A level of the manual search (make, then model): the names found, or a status that there are none. */
function NameLevel({
  names,
  noneFound,
  ...select
}: {
  id: string;
  label: string;
  /** Undefined until the level above is chosen and its names have come. */
  names: readonly string[] | undefined;
  noneFound: string;
  value: string;
  onChange: (name: string) => void;
}): ReactElement | null {
  if (!names) return null;
  if (names.length === 0) {
    return (
      <p className="field__error" role="status">
        {noneFound}
      </p>
    );
  }
  return <SearchSelect {...select} options={names.map((name) => ({ value: name, text: name }))} />;
}

function ManualSearch({
  id,
  earliestYear,
  currentYear,
  onChoose,
}: {
  id: string;
  earliestYear: number;
  currentYear: number;
  onChoose: (answer: VehicleAnswer) => void;
}): ReactElement {
  const { t } = useTranslation('forms');
  const client = useApiClient();
  const [{ yearText, make, model, vehicleCode }, choose] = useCascade();
  const year = Number(yearText);
  const isYearValid = yearText.length === 4 && year >= earliestYear && year <= currentYear;
  // Spec 1 §4: a cascading select with exactly one option chooses it (each choice upstream
  // resets the ones below, in useCascade), so each level reads the choice or the only option.
  const makes = useQuery({
    queryKey: ['lookup', 'makes', year],
    queryFn: () => listMakes(client, year),
    enabled: isYearValid,
  });
  const chosenMake = make || (makes.data?.length === 1 ? makes.data[0]!.make : '');
  const models = useQuery({
    queryKey: ['lookup', 'models', chosenMake, year],
    queryFn: () => listModels(client, chosenMake, year),
    enabled: isYearValid && chosenMake !== '',
  });
  const chosenModel = model || (models.data?.length === 1 ? models.data[0]!.model : '');
  const trims = useQuery({
    queryKey: ['lookup', 'trims', chosenMake, chosenModel, year],
    queryFn: () => listSpecifications(client, { make: chosenMake, model: chosenModel, year }),
    enabled: isYearValid && chosenMake !== '' && chosenModel !== '',
  });
  const chosenCode = vehicleCode || (trims.data?.length === 1 ? trims.data[0]!.vehicleCode : '');
  const candidate = trims.data?.find((trim) => trim.vehicleCode === chosenCode);
  // Make, then model: the names found for the choices above, or why there are none.
  const nameLevels = [
    {
      level: 'make',
      names: makes.data?.map((entry) => entry.make),
      value: chosenMake,
      noneFound: t('vehicle.noModelsInYear', { year }),
    },
    {
      level: 'model',
      names: models.data?.map((entry) => entry.model),
      value: chosenModel,
      noneFound: t('vehicle.noMakeModelsInYear', { make: chosenMake, year }),
    },
  ] as const;
  const yearError =
    yearText.length === 4 && !isYearValid
      ? t('vehicle.yearRange', { earliest: earliestYear, latest: currentYear })
      : undefined;

  return (
    <div className="vehicle-manual">
      <NumberInput
        id={`${id}-year`}
        label={t('vehicle.year')}
        value={yearText}
        max={9999}
        maxLength={4}
        error={yearError}
        onChange={choose('yearText')}
      />
      {nameLevels.map(({ level, ...found }) => (
        <NameLevel
          key={level}
          {...found}
          id={`${id}-${level}`}
          label={t(`vehicle.${level}`)}
          onChange={choose(level)}
        />
      ))}
      {trims.data && trims.data.length > 0 ? (
        <SelectInput
          id={`${id}-trim`}
          label={t('vehicle.trim')}
          options={trims.data.map((trim) => ({
            value: trim.vehicleCode,
            text: nameVehicle({ engineLabel: trim.engineLabel, trim: trim.trim }),
          }))}
          value={chosenCode || undefined}
          onChange={(next) => choose('vehicleCode')(String(next))}
        />
      ) : null}
      {candidate ? (
        <Candidate
          vehicle={candidate}
          onConfirm={() => onChoose({ vrn: null, regLookup: false, specification: candidate })}
        />
      ) : null}
    </div>
  );
}

/** Find the car by registration, or by year, make, model and trim; confirm needs a vehicleCode. */
export function VehicleInput({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  formatConfig,
  earliestYear,
  currentYear,
}: VehicleInputProps): ReactElement {
  const { t } = useTranslation('forms');
  const [tab, setTab] = useState<'registration' | 'manual'>('registration');
  return (
    <div className={error ? 'field field--error vehicle-input' : 'field vehicle-input'}>
      <fieldset className="field__fieldset" id={id}>
        <legend className="field__label field__legend">{label}</legend>
        {hint ? <div className="field__hint">{hint}</div> : null}
        <FieldError id={id} error={error} />
        <ChangeOrConfirm<VehicleAnswer>
          value={value?.specification?.vehicleCode ? value : undefined}
          onChange={onChange}
          changeLabel={t('vehicle.change')}
          renderView={(answer) => (
            <>
              {answer.lookupNotice ? <LookupNotice text={answer.lookupNotice} /> : null}
              <VehicleSummary vehicle={answer.specification} />
            </>
          )}
          renderChange={(choose) => (
            <div className="vehicle-input__change">
              <div className="segmented" role="group" aria-label={t('vehicle.findBy')}>
                <button
                  type="button"
                  className="segmented__option"
                  aria-pressed={tab === 'registration'}
                  onClick={() => setTab('registration')}
                >
                  {t('vehicle.byRegistration')}
                </button>
                <button
                  type="button"
                  className="segmented__option"
                  aria-pressed={tab === 'manual'}
                  onClick={() => setTab('manual')}
                >
                  {t('vehicle.byMakeModel')}
                </button>
              </div>
              {tab === 'registration' ? (
                <RegistrationSearch
                  id={`${id}-vrn`}
                  formatConfig={formatConfig}
                  onChoose={choose}
                />
              ) : (
                <ManualSearch
                  id={id}
                  earliestYear={earliestYear}
                  currentYear={currentYear}
                  onChoose={choose}
                />
              )}
            </div>
          )}
        />
      </fieldset>
    </div>
  );
}
