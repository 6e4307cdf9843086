/** Provider search: the verbs other code calls. Writers of service_providers MUST set search_text (ADR 006). */
export { providerSearchText, searchTextFor, type ProviderSearchFields } from "./searchText";
export {
  searchProviders,
  searchProvidersWithStats,
  CANDIDATE_LIMIT,
  type SearchPage,
  type SearchResultItem,
} from "./searchProviders";
export { buildMatchQuery } from "./matchQuery";
export { haversineKm, nearest, NEAREST_CITY_RADIUS_KM } from "./geo";
