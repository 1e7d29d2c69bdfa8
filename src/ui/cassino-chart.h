/* cassino-chart.h: the statistics graphs, drawn by the project
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CASSINO_TYPE_CHART (cassino_chart_get_type ())
G_DECLARE_FINAL_TYPE (CassinoChart, cassino_chart, CASSINO, CHART, GtkWidget)

CassinoChart *cassino_chart_new        (void);

/* A line with a band around it (a rating ± twice its deviation), one
 * point per game, oldest first.  The arrays hold @n values. */
void          cassino_chart_set_band   (CassinoChart  *self,
                                        const double  *values,
                                        const double  *low,
                                        const double  *high,
                                        guint          n);
/* Bars, with a label under some of them (NULL entries: none), and their
 * values' unit after the number in the accessible description ("%"). */
void          cassino_chart_set_bars   (CassinoChart       *self,
                                        const double       *values,
                                        const char *const  *labels,
                                        guint               n,
                                        double              max);
/* The axis of a graph from @lo to @hi: at most @max_ticks distinct round
 * numbers (1, 2 or 5 times a power of ten), whole numbers when @integer.
 * Sets the first tick and the step, both covering [lo, hi]; returns the
 * number of ticks (at least 2). */
guint         cassino_chart_nice_ticks (double    lo,
                                        double    hi,
                                        gboolean  integer,
                                        guint     max_ticks,
                                        double   *out_first,
                                        double   *out_step);
guint         cassino_chart_get_n_values (CassinoChart *self);
double        cassino_chart_get_value  (CassinoChart *self,
                                        guint         index);

G_END_DECLS
