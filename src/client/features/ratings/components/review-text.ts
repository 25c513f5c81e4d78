/** Texts shared by the reviews section and its lazily loaded forms (their words are in the catalogue). */
import type { Rating } from '@/shared/schemas/rating';

/** "Jane D.": reviews show the first name and last initial only. */
export const reviewerName = ({ firstName, lastName }: Rating['user']) =>
  lastName ? `${firstName} ${lastName.charAt(0).toUpperCase()}.` : firstName;
