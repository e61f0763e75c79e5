// The proposals module: its routes and the pipeline the dashboard shows.
export { proposalRoutes, pipelineResponse } from './proposal-routes';
export { proposalPipeline } from './proposal-figures';
