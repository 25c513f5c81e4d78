/** Texts shared by the reviews section and its lazily loaded forms. */
import type { Rating } from '@/shared/schemas/rating';

export const TRY_LATER = 'Please try again later.';

/** "Jane D.": reviews show the first name and last initial only. */
export const reviewerName = ({ firstName, lastName }: Rating['user']) =>
  lastName ? `${firstName} ${lastName.charAt(0).toUpperCase()}.` : firstName;
