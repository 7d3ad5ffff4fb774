import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The instance a route plugin receives (zod-typed requests and answers): what a function that registers
 * part of an area's routes takes, so an area's plugin can read as a list of its resources.
 */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
