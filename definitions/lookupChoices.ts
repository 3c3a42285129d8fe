/** Choices of fields that name an entry of a lookup list: stored as the entry's id, shown by its name. */
import { categoryListOps } from './api/logs';
import { choicesFrom } from './define';

/** Web categories as field choices (their ids are stored, their names shown). */
export const categoryChoices = choicesFrom(categoryListOps.cats_v2, 'categories', 'value', 'label');
/** Countries as field choices (two-letter codes are stored, country names shown). */
export const countryChoices = choicesFrom(categoryListOps.country_codes, 'categories', 'value', 'label');
