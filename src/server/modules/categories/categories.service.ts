/** The catalogue, and listings of one category's companies (the admin screen's changes: CategoriesAdminService). */
import type { Db } from '@/server/db/client';
import { notFound } from '@/server/lib/app-error';
import type { CategoryCompaniesQuery, CategoryWithSubcategories } from '@/shared/schemas/company';
import type { CompaniesService, CompanyPage } from '../companies/companies.service';
import type { ListingActivity } from '../insight/activity-counter';
import {
  findCategoryById,
  findCategoryBySlug,
  findSubcategory,
  listAllSubcategories,
  listCategories,
  listCategoriesWithDetails,
  listNamedCoinCosts,
} from './categories.repository';

export class CategoriesService {
  constructor(
    private readonly db: Db,
    private readonly companies: CompaniesService,
    /** Told of the cards each page shows (the app's counter; tools that time the listing alone leave it out). */
    private readonly activity?: ListingActivity,
  ) {}

  /** What a first reply costs in each category, by name (public: the rules page shows them). */
  replyCosts() {
    return listNamedCoinCosts(this.db);
  }

  /** The catalogue's categories, alphabetically as people read them. */
  async list() {
    return listCategories(this.db);
  }

  async listWithSubcategories(): Promise<CategoryWithSubcategories[]> {
    const [categories, subcategories] = await Promise.all([listCategoriesWithDetails(this.db), listAllSubcategories(this.db)]);
    return categories.map((category) => ({
      ...category,
      subcategories: subcategories
        .filter((s) => s.categoryId === category.id)
        .map(({ id, name, slug, imageUrl }) => ({ id, name, slug, imageUrl })),
    }));
  }

  /** A category by numeric id or by slug; 404 otherwise. */
  async getCategory(idOrSlug: string) {
    const id = Number(idOrSlug);
    const category =
      Number.isInteger(id) && id > 0 && id <= 2_147_483_647
        ? await findCategoryById(this.db, id)
        : await findCategoryBySlug(this.db, idOrSlug.toLowerCase());
    if (!category) throw notFound('Category not found');
    return category;
  }

  async listCompanies(idOrSlug: string, query: CategoryCompaniesQuery): Promise<CompanyPage> {
    const category = await this.getCategory(idOrSlug);
    let subcategoryId: number | undefined;
    if (query.subcategory?.trim() && query.subcategory.trim().toLowerCase() !== 'all') {
      const subcategory = await findSubcategory(this.db, query.subcategory.trim(), category.id);
      // An unknown subcategory lists nothing rather than everything.
      if (!subcategory)
        return {
          companies: [],
          pagination: { total: 0, page: query.page, limit: query.limit, totalPages: 0, totalCapped: false },
        };
      subcategoryId = subcategory.id;
    }
    const page = await this.companies.list(
      { categoryId: category.id, subcategoryId, ids: query.ids, sort: query.sort },
      query.page,
      query.limit,
    );
    // A visitor's favourites (`ids`) are not the category's listing: they chose those companies.
    if (this.activity && !query.ids && page.companies.length) {
      this.activity.countAppearances(
        'category',
        page.companies.map((company) => company.id),
      );
    }
    return page;
  }
}
