/**
 * The questions each category asks when it is first seeded, keyed by category slug: when the job
 * is, how big it is, the budget, the kind of property, and a free note, in the words the big
 * marketplaces use for the same trades. They are given once per category (categories.
 * questions_seeded); from then on the admin's editor owns the list, even when it empties it.
 *
 * Pure data. Every definition is one PutCategoryQuestionsBodySchema accepts unchanged (a test
 * checks each), so the seed and the admin's editor store the same shapes.
 */
import type { z } from 'zod';
import type { QuestionDefinitionSchema } from '@/shared/schemas/questions';

export type DefaultQuestion = z.input<typeof QuestionDefinitionSchema> & { id?: never };

/**
 * Seeded questions ask, they do not require: a client that sends only a request's name and
 * description (the documented submit body) can still send it on a fresh install. An admin makes
 * a question required in the editor.
 */
const SEEDED_REQUIRED = false;

const when = (label: string, helpText = 'Pick a date, or "Flexible" if the timing is open.'): DefaultQuestion => ({
  kind: 'date',
  label,
  helpText,
  required: SEEDED_REQUIRED,
});

const propertyType = (label = 'What type of property is it?'): DefaultQuestion => ({
  kind: 'single_choice',
  label,
  required: SEEDED_REQUIRED,
  options: ['House', 'Apartment or condo', 'Business', 'Other'],
});

const budget = (options: string[]): DefaultQuestion => ({
  kind: 'single_choice',
  label: 'What is your budget?',
  helpText: 'A rough range helps pros say whether they can do the job for it.',
  required: false,
  options: [...options, 'Not sure yet'],
});

const anythingElse: DefaultQuestion = {
  kind: 'text',
  label: 'Anything else the pro should know?',
  helpText: 'Access, parking, pets, deadlines: whatever helps a pro price the job.',
  required: false,
};

export const QUESTION_DEFAULTS: Record<string, DefaultQuestion[]> = {
  'construction-renovation': [
    when('When would you like the work to start?'),
    {
      kind: 'single_choice',
      label: 'What kind of project is it?',
      required: SEEDED_REQUIRED,
      options: ['Remodel or renovation', 'Addition', 'New build', 'Repair', 'Other'],
    },
    {
      kind: 'number',
      label: 'About how large is the area?',
      helpText: 'A rough figure is fine.',
      required: false,
      unit: 'sq ft',
    },
    propertyType(),
    budget(['Under $5,000', '$5,000–$25,000', '$25,000–$100,000', 'Over $100,000']),
    anythingElse,
  ],
  'cleaning-services': [
    when('When do you need the cleaning?'),
    {
      kind: 'single_choice',
      label: 'How often?',
      required: SEEDED_REQUIRED,
      options: ['Once', 'Every week', 'Every two weeks', 'Every month'],
    },
    {
      kind: 'number',
      label: 'How many rooms need cleaning?',
      helpText: 'Count bedrooms, bathrooms and living areas.',
      required: false,
      unit: 'rooms',
    },
    propertyType(),
    budget(['Under $100', '$100–$250', '$250–$500', 'Over $500']),
    anythingElse,
  ],
  'design-services': [
    when('When would you like to start?'),
    {
      kind: 'multiple_choice',
      label: 'What do you need designed?',
      helpText: 'Choose all that apply.',
      required: SEEDED_REQUIRED,
      options: ['Whole home', 'Kitchen', 'Bathroom', 'Living areas', 'Outdoor space', 'Other'],
    },
    {
      kind: 'number',
      label: 'About how large is the space?',
      helpText: 'A rough figure is fine.',
      required: false,
      unit: 'sq ft',
    },
    propertyType(),
    budget(['Under $1,000', '$1,000–$5,000', '$5,000–$20,000', 'Over $20,000']),
    anythingElse,
  ],
  'electrical-services': [
    when('When do you need the electrician?'),
    {
      kind: 'single_choice',
      label: 'What do you need done?',
      required: SEEDED_REQUIRED,
      options: ['Repair or troubleshooting', 'New wiring or outlets', 'Lighting', 'Panel upgrade', 'EV charger', 'Other'],
    },
    {
      kind: 'number',
      label: 'How many fixtures or outlets are involved?',
      helpText: 'Lights, switches, outlets or appliances.',
      required: false,
      unit: 'fixtures',
    },
    propertyType(),
    budget(['Under $250', '$250–$1,000', '$1,000–$5,000', 'Over $5,000']),
    anythingElse,
  ],
  'hvac-services': [
    when('When do you need the work done?'),
    {
      kind: 'single_choice',
      label: 'What do you need?',
      required: SEEDED_REQUIRED,
      options: ['Repair', 'New system or replacement', 'Maintenance or tune-up', 'Ductwork', 'Other'],
    },
    {
      kind: 'single_choice',
      label: 'What kind of system is it?',
      required: false,
      options: ['Central air', 'Furnace', 'Heat pump', 'Ductless mini-split', 'Boiler', 'Not sure'],
    },
    propertyType(),
    budget(['Under $500', '$500–$2,000', '$2,000–$10,000', 'Over $10,000']),
    anythingElse,
  ],
  'handyman-repairs': [
    when('When do you need the handyman?'),
    {
      kind: 'single_choice',
      label: 'About how long do you think the work will take?',
      helpText: 'Your best guess for the whole list of jobs.',
      required: SEEDED_REQUIRED,
      options: ['An hour or two', 'Half a day', 'A full day', 'More than a day', 'Not sure'],
    },
    {
      kind: 'single_choice',
      label: 'Do you have the materials?',
      required: false,
      options: ['Yes, I have them', 'No, the pro should bring them', 'Not sure'],
    },
    propertyType(),
    budget(['Under $100', '$100–$500', '$500–$1,000', 'Over $1,000']),
    anythingElse,
  ],
  'installation-services': [
    when('When would you like it installed?'),
    {
      kind: 'single_choice',
      label: 'What needs installing?',
      required: SEEDED_REQUIRED,
      options: ['Flooring', 'Cabinets or countertops', 'Windows or doors', 'Insulation', 'Solar panels', 'Appliances', 'Other'],
    },
    {
      kind: 'number',
      label: 'About how large is the area?',
      helpText: 'For flooring, insulation or solar; leave it empty for other installs.',
      required: false,
      unit: 'sq ft',
    },
    propertyType(),
    budget(['Under $1,000', '$1,000–$5,000', '$5,000–$15,000', 'Over $15,000']),
    anythingElse,
  ],
  'junk-removal-waste': [
    when('When should it be picked up?'),
    {
      kind: 'single_choice',
      label: 'How much is there to remove?',
      required: SEEDED_REQUIRED,
      options: ['A few items', 'About a pickup truck load', 'A small room', 'A whole house or garage', 'Not sure'],
    },
    {
      kind: 'multiple_choice',
      label: 'What kind of items?',
      helpText: 'Choose all that apply.',
      required: false,
      options: ['Furniture', 'Appliances', 'Yard waste', 'Construction debris', 'Electronics', 'General household junk'],
    },
    propertyType(),
    budget(['Under $200', '$200–$500', '$500–$1,000', 'Over $1,000']),
    anythingElse,
  ],
  'landscaping-outdoor': [
    when('When would you like the work done?'),
    {
      kind: 'multiple_choice',
      label: 'What do you need?',
      helpText: 'Choose all that apply.',
      required: SEEDED_REQUIRED,
      options: [
        'Lawn mowing',
        'Planting or garden beds',
        'Tree work',
        'Irrigation',
        'Patio, walls or paths',
        'Seasonal cleanup',
        'Other',
      ],
    },
    {
      kind: 'single_choice',
      label: 'About how large is the yard?',
      required: false,
      options: ['Small (under 1/4 acre)', 'Medium (1/4 to 1/2 acre)', 'Large (over 1/2 acre)', 'Not sure'],
    },
    propertyType(),
    budget(['Under $250', '$250–$1,000', '$1,000–$5,000', 'Over $5,000']),
    anythingElse,
  ],
  'mobile-services': [
    when('When do you need the service?'),
    {
      kind: 'single_choice',
      label: 'Where should the pro come to?',
      required: SEEDED_REQUIRED,
      options: ['My home', 'My workplace', 'Roadside', 'Other'],
    },
    {
      kind: 'number',
      label: 'How many items need the service?',
      helpText: 'Vehicles, devices, pets or documents.',
      required: false,
      unit: 'items',
    },
    budget(['Under $100', '$100–$250', '$250–$500', 'Over $500']),
    anythingElse,
  ],
  'moving-services': [
    when('When is the move?'),
    {
      kind: 'single_choice',
      label: 'How many bedrooms are you moving?',
      required: SEEDED_REQUIRED,
      options: ['A few items only', 'Studio or 1 bedroom', '2 bedrooms', '3 bedrooms', '4 or more bedrooms', 'An office'],
    },
    {
      kind: 'single_choice',
      label: 'How far is the move?',
      required: SEEDED_REQUIRED,
      options: ['Within the same city', 'Up to 100 miles', 'Over 100 miles', 'To another state'],
    },
    {
      kind: 'single_choice',
      label: 'Do you need help packing?',
      required: false,
      options: ['Yes, pack everything', 'Some packing', 'No, I will pack'],
    },
    budget(['Under $500', '$500–$2,000', '$2,000–$5,000', 'Over $5,000']),
    anythingElse,
  ],
  'painting-finishing': [
    when('When would you like the painting done?'),
    {
      kind: 'multiple_choice',
      label: 'What needs painting?',
      helpText: 'Choose all that apply.',
      required: SEEDED_REQUIRED,
      options: ['Interior walls', 'Ceilings', 'Trim and doors', 'Exterior', 'Cabinets', 'Deck or fence'],
    },
    {
      kind: 'number',
      label: 'How many rooms?',
      helpText: 'For outside work, leave it empty and describe the area below.',
      required: false,
      unit: 'rooms',
    },
    propertyType(),
    budget(['Under $500', '$500–$2,000', '$2,000–$5,000', 'Over $5,000']),
    anythingElse,
  ],
  'plumbing-services': [
    when('When do you need the plumber?', 'Pick a date, or "Flexible" if the timing is open. For an emergency, say so below.'),
    {
      kind: 'single_choice',
      label: 'What do you need?',
      required: SEEDED_REQUIRED,
      options: ['Leak or clog', 'Water heater', 'Fixture install or replacement', 'Sewer or main line', 'Other'],
    },
    {
      kind: 'number',
      label: 'How many fixtures are involved?',
      helpText: 'Sinks, toilets, tubs, showers or appliances.',
      required: false,
      unit: 'fixtures',
    },
    propertyType(),
    budget(['Under $250', '$250–$1,000', '$1,000–$5,000', 'Over $5,000']),
    anythingElse,
  ],
  'roofing-gutters': [
    when('When do you need the roofer?'),
    {
      kind: 'single_choice',
      label: 'What do you need?',
      required: SEEDED_REQUIRED,
      options: ['Repair', 'Full replacement', 'Inspection', 'Gutters', 'Storm damage', 'Other'],
    },
    {
      kind: 'single_choice',
      label: 'What is the roof made of?',
      required: false,
      options: ['Asphalt shingles', 'Metal', 'Tile', 'Flat or membrane', 'Not sure'],
    },
    propertyType(),
    budget(['Under $1,000', '$1,000–$5,000', '$5,000–$15,000', 'Over $15,000']),
    anythingElse,
  ],
};
