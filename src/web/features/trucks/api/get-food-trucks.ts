import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TruckSummaryDto } from '@contract/trucks';
import { ApiError, apiClient } from '@web/lib/api-client';

export const FOOD_TRUCKS_QUERY_KEY = ['/api/users/food-trucks'] as const;

/** Every food truck an organizer can book (GET /api/users/food-trucks). */
export async function getFoodTrucks(): Promise<TruckSummaryDto[]> {
  try {
    return await apiClient.GET('/api/users/food-trucks');
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.status, error.code, `Failed to fetch food trucks: ${error.status}`);
    throw error;
  }
}

export const foodTrucksQuery = () =>
  queryOptions({ queryKey: FOOD_TRUCKS_QUERY_KEY, queryFn: getFoodTrucks });

export function useFoodTrucks() {
  return useQuery(foodTrucksQuery());
}
