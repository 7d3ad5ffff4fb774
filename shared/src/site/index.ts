export { paths, SITE_PATH_PREFIXES } from './paths';
