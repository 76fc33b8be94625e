import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DataEntry } from '@motor/domain';
import type { ApiClient } from '../../lib/api-client';
import { nullOn404 } from '../../lib/api-client';
import { useApiClient } from '../../lib/use-api-client';

// The lookups of spec 2 §7 (/api/lookup): data tables, addresses and vehicles. Shared by every
// form renderer, so they live with the components rather than in one feature.

/** The value after it has stopped changing for `delayMs` (search-as-you-type). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

const q = encodeURIComponent;

/** GET /lookup/data/{table}?query= — entries whose name or code matches. */
export function searchDataTable(
  client: ApiClient,
  table: string,
  query: string,
  signal?: AbortSignal,
): Promise<DataEntry[]> {
  return client.get<DataEntry[]>(`/lookup/data/${q(table)}?query=${q(query)}`, { signal });
}

/** Searches a data table once the query is long enough; `query` should already be debounced. */
export function useDataTableSearch(table: string, query: string, minLength: number) {
  const client = useApiClient();
  const trimmed = query.trim();
  return useQuery({
    queryKey: ['lookup', 'data', table, trimmed],
    queryFn: ({ signal }) => searchDataTable(client, table, trimmed, signal),
    enabled: trimmed.length >= minLength,
    staleTime: 5 * 60_000,
  });
}

/** One address search result (a Postcode groups addresses; an Address is final). */
export type AddressResult = { id: string; text: string; description: string; type: string };

/** A full postal address as the lookup answers it. */
export type PostalAddress = {
  id?: string | null;
  label?: string | null;
  company?: string | null;
  department?: string | null;
  line1?: string | null;
  line2?: string | null;
  line3?: string | null;
  line4?: string | null;
  line5?: string | null;
  city?: string | null;
  postalCode?: string | null;
  countryName?: string | null;
  countryIso2?: string | null;
  countryIso3?: string | null;
};

export function useAddressSearch(query: string, container: string | null) {
  const client = useApiClient();
  const trimmed = query.trim();
  return useQuery({
    queryKey: ['lookup', 'addresses', trimmed, container],
    queryFn: ({ signal }) =>
      client.get<AddressResult[]>(
        `/lookup/addresses?query=${q(trimmed)}${container ? `&container=${q(container)}` : ''}`,
        { signal },
      ),
    // An empty search is ignored (spec 1 §5).
    enabled: trimmed !== '' || container !== null,
    staleTime: 5 * 60_000,
  });
}

export function getAddress(client: ApiClient, id: string): Promise<PostalAddress> {
  return client.get<PostalAddress>(`/lookup/addresses/${q(id)}`);
}

/** A catalogue vehicle (registration lookup or make/model/trim choice). */
export type VehicleSpecification = {
  vehicleCode: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  vrn: string | null;
  regLookup: boolean;
  primaryFuel?: string | null;
  bodyStyle?: string | null;
  transmission?: string | null;
  engineCapacity?: number | null;
  engineLabel?: string | null;
  enginePower?: number | null;
  numberOfSeats?: number | null;
  insuranceGroup: number | null;
  valuePence?: number | null;
  steering?: string | null;
};

/** GET /lookup/vehicles/{vrn}; null when no vehicle has that registration. */
export function findVehicleByRegistration(
  client: ApiClient,
  vrn: string,
): Promise<VehicleSpecification | null> {
  return nullOn404(
    client.get<VehicleSpecification>(`/lookup/vehicles/${q(vrn.replace(/\s/g, ''))}`),
  );
}

export function listMakes(client: ApiClient, year: number): Promise<{ make: string }[]> {
  return client.get(`/lookup/vehicles/makes?year=${year}`);
}

export function listModels(
  client: ApiClient,
  make: string,
  year: number,
): Promise<{ make: string; model: string }[]> {
  return client.get(`/lookup/vehicles/models?make=${q(make)}&year=${year}`);
}

export function listSpecifications(
  client: ApiClient,
  options: { make: string; model: string; year: number },
): Promise<VehicleSpecification[]> {
  const { make, model, year } = options;
  return client.get(
    `/lookup/vehicles/specifications?make=${q(make)}&model=${q(model)}&year=${year}`,
  );
}
