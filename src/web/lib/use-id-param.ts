import { useParams } from 'react-router';

/** The route's `:id` as a positive whole number, or null when it is not one (the page then shows 404). */
export function useIdParam(): number | null {
  const { id } = useParams();
  return id && /^\d+$/.test(id) ? Number(id) : null;
}
