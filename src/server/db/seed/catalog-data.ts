/**
 * Service catalog: the 14 top-level categories and their subcategories.
 *
 * Pure data (no runtime imports). Category ids are assigned in array order when
 * seeding, so do not reorder. Subcategory slugs are globally unique (enforced by
 * a unique index in the database) and are the kebab-case form of the name.
 *
 * `icon` is the name of a lucide-react icon component (canonical names, so they
 * resolve both as named exports and via lucide's `icons` map).
 * `coinCost` is the number of coins a business spends to respond to a lead in
 * the category.
 */

export interface CatalogSubcategory {
  name: string;
  slug: string;
}

export interface CatalogCategory {
  name: string;
  slug: string;
  icon: string;
  description: string;
  coinCost: number;
  subcategories: CatalogSubcategory[];
}

export const CATALOG: CatalogCategory[] = [
  {
    name: 'Construction & Renovation',
    slug: 'construction-renovation',
    icon: 'HardHat',
    description:
      'Licensed contractors for remodels, additions, structural work and ground-up builds, from permits to final walkthrough.',
    coinCost: 10,
    subcategories: [
      { name: 'General Contractor', slug: 'general-contractor' },
      { name: 'Home Remodeling', slug: 'home-remodeling' },
      { name: 'Kitchen Remodeling', slug: 'kitchen-remodeling' },
      { name: 'Bathroom Remodeling', slug: 'bathroom-remodeling' },
      { name: 'Basement Finishing', slug: 'basement-finishing' },
      { name: 'Home Additions', slug: 'home-additions' },
      { name: 'Concrete Contractor', slug: 'concrete-contractor' },
      { name: 'Framing', slug: 'framing' },
      { name: 'Drywall Installation', slug: 'drywall-installation' },
      { name: 'Masonry', slug: 'masonry' },
      { name: 'Foundation Repair', slug: 'foundation-repair' },
      { name: 'Deck Building', slug: 'deck-building' },
      { name: 'Custom Home Building', slug: 'custom-home-building' },
      { name: 'Demolition', slug: 'demolition' },
    ],
  },
  {
    name: 'Cleaning Services',
    slug: 'cleaning-services',
    icon: 'Sparkles',
    description:
      'Reliable cleaners for homes, offices and move-outs, including deep cleans, carpets, windows and pressure washing.',
    coinCost: 3,
    subcategories: [
      { name: 'House Cleaning', slug: 'house-cleaning' },
      { name: 'Deep Cleaning', slug: 'deep-cleaning' },
      { name: 'Move-In/Move-Out Cleaning', slug: 'move-in-move-out-cleaning' },
      { name: 'Maid Service', slug: 'maid-service' },
      { name: 'Carpet Cleaning', slug: 'carpet-cleaning' },
      { name: 'Upholstery Cleaning', slug: 'upholstery-cleaning' },
      { name: 'Window Cleaning', slug: 'window-cleaning' },
      { name: 'Office Cleaning', slug: 'office-cleaning' },
      { name: 'Janitorial Services', slug: 'janitorial-services' },
      { name: 'Pressure Washing', slug: 'pressure-washing' },
      { name: 'Post-Construction Cleaning', slug: 'post-construction-cleaning' },
      { name: 'Tile & Grout Cleaning', slug: 'tile-grout-cleaning' },
    ],
  },
  {
    name: 'Design Services',
    slug: 'design-services',
    icon: 'Palette',
    description:
      'Interior designers, architects and design consultants who help plan spaces that look great and work for the way you live.',
    coinCost: 7,
    subcategories: [
      { name: 'Interior Design', slug: 'interior-design' },
      { name: 'Architect', slug: 'architect' },
      { name: 'Kitchen Design', slug: 'kitchen-design' },
      { name: 'Bathroom Design', slug: 'bathroom-design' },
      { name: 'Landscape Design', slug: 'landscape-design' },
      { name: 'Home Staging', slug: 'home-staging' },
      { name: '3D Rendering', slug: '3d-rendering' },
      { name: 'Lighting Design', slug: 'lighting-design' },
      { name: 'Closet Design', slug: 'closet-design' },
      { name: 'Color Consultation', slug: 'color-consultation' },
      { name: 'Drafting Services', slug: 'drafting-services' },
      { name: 'Space Planning', slug: 'space-planning' },
    ],
  },
  {
    name: 'Electrical Services',
    slug: 'electrical-services',
    icon: 'Zap',
    description:
      'Licensed electricians for repairs, panel upgrades, lighting, EV chargers and safe wiring for homes and businesses.',
    coinCost: 7,
    subcategories: [
      { name: 'Electrician', slug: 'electrician' },
      { name: 'Electrical Panel Upgrade', slug: 'electrical-panel-upgrade' },
      { name: 'Lighting Installation', slug: 'lighting-installation' },
      { name: 'Outlet & Switch Repair', slug: 'outlet-switch-repair' },
      { name: 'Ceiling Fan Installation', slug: 'ceiling-fan-installation' },
      { name: 'EV Charger Installation', slug: 'ev-charger-installation' },
      { name: 'Generator Installation', slug: 'generator-installation' },
      { name: 'Electrical Inspection', slug: 'electrical-inspection' },
      { name: 'Wiring & Rewiring', slug: 'wiring-rewiring' },
      { name: 'Smart Home Wiring', slug: 'smart-home-wiring' },
      { name: 'Surge Protection', slug: 'surge-protection' },
      { name: 'Landscape Lighting', slug: 'landscape-lighting' },
    ],
  },
  {
    name: 'HVAC Services',
    slug: 'hvac-services',
    icon: 'Thermometer',
    description:
      'Heating, cooling and ventilation pros for repairs, new systems, ductwork and seasonal maintenance.',
    coinCost: 10,
    subcategories: [
      { name: 'HVAC Contractor', slug: 'hvac-contractor' },
      { name: 'AC Repair', slug: 'ac-repair' },
      { name: 'AC Installation', slug: 'ac-installation' },
      { name: 'Furnace Repair', slug: 'furnace-repair' },
      { name: 'Furnace Installation', slug: 'furnace-installation' },
      { name: 'Heat Pump Services', slug: 'heat-pump-services' },
      { name: 'Mini-Split Installation', slug: 'mini-split-installation' },
      { name: 'Air Duct Cleaning', slug: 'air-duct-cleaning' },
      { name: 'Ductwork Installation', slug: 'ductwork-installation' },
      { name: 'Thermostat Installation', slug: 'thermostat-installation' },
      { name: 'Boiler Service', slug: 'boiler-service' },
      { name: 'Indoor Air Quality', slug: 'indoor-air-quality' },
      { name: 'HVAC Maintenance', slug: 'hvac-maintenance' },
    ],
  },
  {
    name: 'Handyman & Repairs',
    slug: 'handyman-repairs',
    icon: 'Hammer',
    description:
      'Skilled handymen for the odd jobs and small repairs around the house, from mounting a TV to fixing a sticking door.',
    coinCost: 7,
    subcategories: [
      { name: 'Handyman', slug: 'handyman' },
      { name: 'Locksmith', slug: 'locksmith' },
      { name: 'Furniture Assembly', slug: 'furniture-assembly' },
      { name: 'TV Mounting', slug: 'tv-mounting' },
      { name: 'Drywall Repair', slug: 'drywall-repair' },
      { name: 'Door Repair', slug: 'door-repair' },
      { name: 'Window Repair', slug: 'window-repair' },
      { name: 'Appliance Repair', slug: 'appliance-repair' },
      { name: 'Fence Repair', slug: 'fence-repair' },
      { name: 'Deck Repair', slug: 'deck-repair' },
      { name: 'Carpentry', slug: 'carpentry' },
      { name: 'Caulking & Weatherproofing', slug: 'caulking-weatherproofing' },
      { name: 'Picture Hanging', slug: 'picture-hanging' },
    ],
  },
  {
    name: 'Installation Services',
    slug: 'installation-services',
    icon: 'Wrench',
    description:
      'Professional installers for flooring, cabinets, windows, doors, insulation, solar and other home upgrades.',
    coinCost: 10,
    subcategories: [
      { name: 'Flooring Installation', slug: 'flooring-installation' },
      { name: 'Hardwood Floor Installation', slug: 'hardwood-floor-installation' },
      { name: 'Tile Installation', slug: 'tile-installation' },
      { name: 'Carpet Installation', slug: 'carpet-installation' },
      { name: 'Cabinet Installation', slug: 'cabinet-installation' },
      { name: 'Countertop Installation', slug: 'countertop-installation' },
      { name: 'Window Installation', slug: 'window-installation' },
      { name: 'Door Installation', slug: 'door-installation' },
      { name: 'Garage Door Installation', slug: 'garage-door-installation' },
      { name: 'Insulation Installation', slug: 'insulation-installation' },
      { name: 'Siding Installation', slug: 'siding-installation' },
      { name: 'Solar Panel Installation', slug: 'solar-panel-installation' },
      { name: 'Security System Installation', slug: 'security-system-installation' },
      { name: 'Appliance Installation', slug: 'appliance-installation' },
      { name: 'Blinds & Shades Installation', slug: 'blinds-shades-installation' },
    ],
  },
  {
    name: 'Junk Removal & Waste',
    slug: 'junk-removal-waste',
    icon: 'Trash',
    description:
      'Fast, responsible haulers for junk, debris and cleanouts, with donation and recycling wherever possible.',
    coinCost: 7,
    subcategories: [
      { name: 'Junk Removal', slug: 'junk-removal' },
      { name: 'Furniture Removal', slug: 'furniture-removal' },
      { name: 'Appliance Removal', slug: 'appliance-removal' },
      { name: 'Mattress Disposal', slug: 'mattress-disposal' },
      { name: 'Yard Waste Removal', slug: 'yard-waste-removal' },
      { name: 'Construction Debris Removal', slug: 'construction-debris-removal' },
      { name: 'Dumpster Rental', slug: 'dumpster-rental' },
      { name: 'Estate Cleanout', slug: 'estate-cleanout' },
      { name: 'Garage Cleanout', slug: 'garage-cleanout' },
      { name: 'Hoarding Cleanup', slug: 'hoarding-cleanup' },
      { name: 'E-Waste Recycling', slug: 'e-waste-recycling' },
      { name: 'Hot Tub Removal', slug: 'hot-tub-removal' },
    ],
  },
  {
    name: 'Landscaping & Outdoor',
    slug: 'landscaping-outdoor',
    icon: 'Trees',
    description:
      'Landscapers and outdoor pros for lawn care, trees, irrigation, hardscaping and seasonal yard work.',
    coinCost: 3,
    subcategories: [
      { name: 'Landscaping', slug: 'landscaping' },
      { name: 'Lawn Care', slug: 'lawn-care' },
      { name: 'Lawn Mowing', slug: 'lawn-mowing' },
      { name: 'Tree Trimming', slug: 'tree-trimming' },
      { name: 'Tree Removal', slug: 'tree-removal' },
      { name: 'Stump Grinding', slug: 'stump-grinding' },
      { name: 'Sprinkler Repair', slug: 'sprinkler-repair' },
      { name: 'Irrigation Installation', slug: 'irrigation-installation' },
      { name: 'Sod Installation', slug: 'sod-installation' },
      { name: 'Hardscaping', slug: 'hardscaping' },
      { name: 'Fence Installation', slug: 'fence-installation' },
      { name: 'Mulching', slug: 'mulching' },
      { name: 'Leaf Removal', slug: 'leaf-removal' },
      { name: 'Snow Removal', slug: 'snow-removal' },
      { name: 'Pool Cleaning', slug: 'pool-cleaning' },
    ],
  },
  {
    name: 'Mobile Services',
    slug: 'mobile-services',
    icon: 'Car',
    description:
      'On-the-go professionals who come to your home, office or roadside, from mobile mechanics to detailers and notaries.',
    coinCost: 3,
    subcategories: [
      { name: 'Mobile Mechanic', slug: 'mobile-mechanic' },
      { name: 'Mobile Car Detailing', slug: 'mobile-car-detailing' },
      { name: 'Mobile Auto Glass Repair', slug: 'mobile-auto-glass-repair' },
      { name: 'Mobile Tire Service', slug: 'mobile-tire-service' },
      { name: 'Mobile Battery Replacement', slug: 'mobile-battery-replacement' },
      { name: 'Mobile Oil Change', slug: 'mobile-oil-change' },
      { name: 'Mobile Pet Grooming', slug: 'mobile-pet-grooming' },
      { name: 'Mobile Notary', slug: 'mobile-notary' },
      { name: 'Mobile Computer Repair', slug: 'mobile-computer-repair' },
      { name: 'Mobile Phone Repair', slug: 'mobile-phone-repair' },
      { name: 'Mobile Bike Repair', slug: 'mobile-bike-repair' },
      { name: 'Mobile Knife Sharpening', slug: 'mobile-knife-sharpening' },
    ],
  },
  {
    name: 'Moving Services',
    slug: 'moving-services',
    icon: 'Truck',
    description:
      'Local and long-distance movers, packers and specialty item movers who get your belongings there safely.',
    coinCost: 3,
    subcategories: [
      { name: 'Local Movers', slug: 'local-movers' },
      { name: 'Long-Distance Movers', slug: 'long-distance-movers' },
      { name: 'Apartment Movers', slug: 'apartment-movers' },
      { name: 'Office Movers', slug: 'office-movers' },
      { name: 'Packing & Unpacking', slug: 'packing-unpacking' },
      { name: 'Loading & Unloading', slug: 'loading-unloading' },
      { name: 'Furniture Movers', slug: 'furniture-movers' },
      { name: 'Piano Movers', slug: 'piano-movers' },
      { name: 'Heavy Item Moving', slug: 'heavy-item-moving' },
      { name: 'Senior Moving', slug: 'senior-moving' },
      { name: 'Same-Day Movers', slug: 'same-day-movers' },
      { name: 'Storage Services', slug: 'storage-services' },
    ],
  },
  {
    name: 'Painting & Finishing',
    slug: 'painting-finishing',
    icon: 'PaintRoller',
    description:
      'Interior and exterior painters, stainers and refinishers who deliver clean lines and long-lasting finishes.',
    coinCost: 7,
    subcategories: [
      { name: 'Interior Painting', slug: 'interior-painting' },
      { name: 'Exterior Painting', slug: 'exterior-painting' },
      { name: 'Commercial Painting', slug: 'commercial-painting' },
      { name: 'Cabinet Painting', slug: 'cabinet-painting' },
      { name: 'Deck Staining', slug: 'deck-staining' },
      { name: 'Fence Staining', slug: 'fence-staining' },
      { name: 'Wallpaper Installation', slug: 'wallpaper-installation' },
      { name: 'Wallpaper Removal', slug: 'wallpaper-removal' },
      { name: 'Drywall Texturing', slug: 'drywall-texturing' },
      { name: 'Popcorn Ceiling Removal', slug: 'popcorn-ceiling-removal' },
      { name: 'Epoxy Floor Coating', slug: 'epoxy-floor-coating' },
      { name: 'Hardwood Floor Refinishing', slug: 'hardwood-floor-refinishing' },
      { name: 'Faux Finishing', slug: 'faux-finishing' },
    ],
  },
  {
    name: 'Plumbing Services',
    slug: 'plumbing-services',
    icon: 'Droplets',
    description:
      'Licensed plumbers for leaks, clogs, water heaters, sewer lines and fixture installs, including emergency service.',
    coinCost: 7,
    subcategories: [
      { name: 'Plumber', slug: 'plumber' },
      { name: 'Emergency Plumbing', slug: 'emergency-plumbing' },
      { name: 'Drain Cleaning', slug: 'drain-cleaning' },
      { name: 'Leak Detection', slug: 'leak-detection' },
      { name: 'Water Heater Repair', slug: 'water-heater-repair' },
      { name: 'Water Heater Installation', slug: 'water-heater-installation' },
      { name: 'Toilet Repair', slug: 'toilet-repair' },
      { name: 'Faucet Repair', slug: 'faucet-repair' },
      { name: 'Garbage Disposal Repair', slug: 'garbage-disposal-repair' },
      { name: 'Pipe Repair', slug: 'pipe-repair' },
      { name: 'Repiping', slug: 'repiping' },
      { name: 'Sewer Line Repair', slug: 'sewer-line-repair' },
      { name: 'Sump Pump Services', slug: 'sump-pump-services' },
      { name: 'Water Softener Installation', slug: 'water-softener-installation' },
      { name: 'Gas Line Services', slug: 'gas-line-services' },
    ],
  },
  {
    name: 'Roofing & Gutters',
    slug: 'roofing-gutters',
    icon: 'House',
    description:
      'Roofers and gutter specialists for inspections, repairs, full replacements and storm damage of every roof type.',
    coinCost: 10,
    subcategories: [
      { name: 'Roofer', slug: 'roofer' },
      { name: 'Roof Repair', slug: 'roof-repair' },
      { name: 'Roof Replacement', slug: 'roof-replacement' },
      { name: 'Roof Inspection', slug: 'roof-inspection' },
      { name: 'Shingle Roofing', slug: 'shingle-roofing' },
      { name: 'Metal Roofing', slug: 'metal-roofing' },
      { name: 'Flat Roofing', slug: 'flat-roofing' },
      { name: 'Tile Roofing', slug: 'tile-roofing' },
      { name: 'Storm Damage Repair', slug: 'storm-damage-repair' },
      { name: 'Skylight Installation', slug: 'skylight-installation' },
      { name: 'Chimney Repair', slug: 'chimney-repair' },
      { name: 'Gutter Installation', slug: 'gutter-installation' },
      { name: 'Gutter Repair', slug: 'gutter-repair' },
      { name: 'Gutter Cleaning', slug: 'gutter-cleaning' },
      { name: 'Gutter Guards', slug: 'gutter-guards' },
    ],
  },
];
