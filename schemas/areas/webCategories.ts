/**
 * Web categories (`cats`, spec 000 §3): the action taken for each URL category. The category ids and names are the
 * service's category list (GET /api/policy/v1/cats_v2); "Private Access" (88) is hidden (spec 000 §3) and is not a
 * choice here.
 */
import { z } from 'zod';
import { RuleAction, TransferDirection, labelledEnum } from '../enums';
import { Comment, RowId, uniqueBy } from './common';

export const WEB_CATEGORY_LABELS = {
  '1': 'Real Estate', '2': 'Computer and Internet Security', '3': 'Financial Services', '4': 'Business and Economy',
  '5': 'Computer and Internet Info', '6': 'Auctions', '7': 'Shopping', '8': 'Cult and Occult', '9': 'Travel',
  '10': 'Abused Drugs', '11': 'Adult and Pornography', '12': 'Home and Garden', '13': 'Military', '14': 'Social Networking',
  '15': 'Dead Sites', '16': 'Stock Advice and Tools', '17': 'Training and Tools', '18': 'Dating', '19': 'Sex Education',
  '20': 'Religion', '21': 'Entertainment and Arts', '22': 'Personal Sites and Blogs', '23': 'Legal', '24': 'Local Information',
  '25': 'Streaming Media', '26': 'Job Search', '27': 'Gambling', '28': 'Translation', '29': 'Reference and Research',
  '30': 'Shareware and Freeware', '31': 'Peer to Peer', '32': 'Marijuana', '33': 'Hacking', '34': 'Games',
  '35': 'Philosophy and Political Advocacy', '36': 'Weapons', '37': 'Pay to Surf', '38': 'Hunting and Fishing', '39': 'Society',
  '40': 'Educational Institutions', '41': 'Online Greeting Cards', '42': 'Sports', '43': 'Swimsuits and Intimate Apparel',
  '44': 'Questionable', '45': 'Kids', '46': 'Hate and Racism', '47': 'Personal Storage', '48': 'Violence',
  '49': 'Keyloggers and Monitoring', '50': 'Search Engines', '51': 'Internet Portals', '52': 'Web Advertisements',
  '53': 'Cheating', '54': 'Gross', '55': 'Web-based Email', '56': 'Malware Sites', '57': 'Phishing and Other Frauds',
  '58': 'Proxy Avoidance and Anonymizers', '59': 'Spyware and Adware', '60': 'Music', '61': 'Government', '62': 'Nudity',
  '63': 'News and Media', '64': 'Illegal', '65': 'Content Delivery Networks', '66': 'Internet Communications', '67': 'Bot Nets',
  '68': 'Abortion', '69': 'Health and Medicine', '70': 'Confirmed SPAM Sources', '71': 'SPAM URLs',
  '72': 'Unconfirmed SPAM Sources', '73': 'Open HTTP Proxies', '74': 'Dynamically Generated Content', '75': 'Parked Domains',
  '76': 'Alcohol and Tobacco', '77': 'Private IP Addresses', '78': 'Image and Video Search', '79': 'Fashion and Beauty',
  '80': 'Recreation and Hobbies', '81': 'Motor Vehicles', '82': 'Web Hosting', '83': 'Software Downloads',
  '84': 'Collaboration Tools', '85': 'Generative AI', '86': 'Cryptocurrency', '87': 'Newly Observed Domains',
} as const;

const CATEGORY_IDS = Object.keys(WEB_CATEGORY_LABELS) as [keyof typeof WEB_CATEGORY_LABELS, ...(keyof typeof WEB_CATEGORY_LABELS)[]];

/** A visible web category, by id; the hidden "Private Access" category (88) is refused. */
export const WebCategory = labelledEnum(CATEGORY_IDS, WEB_CATEGORY_LABELS, { title: 'Category' });
export type WebCategory = z.infer<typeof WebCategory>;

export const CategoryActionRow = z.strictObject({
  id: RowId,
  category: WebCategory,
  action: RuleAction,
  transferDirection: TransferDirection.default('all'),
  comment: Comment,
});
export type CategoryActionRow = z.infer<typeof CategoryActionRow>;

export const WebCategoriesDocument = z.strictObject({
  list: z
    .array(CategoryActionRow)
    .max(CATEGORY_IDS.length, { message: `There are ${CATEGORY_IDS.length} categories.` })
    .superRefine(uniqueBy<CategoryActionRow>('category', 'This category already has an action.'))
    .superRefine(uniqueBy<CategoryActionRow>('id', 'Each row needs its own id.'))
    .default([])
    .meta({ title: 'Category actions', description: 'Categories not listed follow the default web policy' }),
});
export type WebCategoriesDocument = z.infer<typeof WebCategoriesDocument>;

/**
 * Category extension (`cats/extension/{rev}`, spec 000 §7): whether the categories added in the second category
 * list (85 Generative AI, 86 Cryptocurrency, 87 Newly Observed Domains) are used by the policy.
 */
export const CategoryExtensionDocument = z.strictObject({
  categories_85_to_88: z
    .strictObject({
      enable: z.boolean().default(false).meta({ title: 'Use the extended categories', description: 'Off: their sites keep their former categories' }),
    })
    .prefault({})
    .meta({ title: 'Categories 85 to 88' }),
});
export type CategoryExtensionDocument = z.infer<typeof CategoryExtensionDocument>;
