// Choice lists (spec §7): { categories: [{id, name}] } and the same shape for themes, occupations, prefectures.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function referenceRoutes(router: Router, services: Services): void {
  const { reference } = services;

  router.get('/categories', async (req, res) => {
    res.json({ categories: await reference.categories(req.ctx) });
  });

  router.get('/themes', async (req, res) => {
    res.json({ themes: await reference.themes(req.ctx) });
  });

  router.get('/occupations', async (req, res) => {
    res.json({ occupations: await reference.occupations(req.ctx) });
  });

  router.get('/prefectures', async (req, res) => {
    res.json({ prefectures: await reference.prefectures(req.ctx) });
  });
}
