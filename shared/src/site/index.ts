export { companySlug, paths, SITE_PATH_PREFIXES } from './paths';
