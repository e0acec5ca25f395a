/// The OpenAPI 3.1 description of every endpoint, served at `/openapi.yaml`.
///
/// Kept here as text rather than as a SwiftPM resource: `Bundle.module` stops the process when an installed `ohk` cannot
/// find its resource folder, and a server should not depend on where its binary was copied. `OpenAPIDocumentTests`
/// checks that it lists exactly the router's routes and that its request examples are accepted.
public enum OpenAPIDocument {
    /// The document.
    public static let yaml = #"""
        openapi: 3.1.0
        info:
          title: OpenHealthKit server
          version: 0.1.0
          description: >-
            HealthKit's store over HTTP: each person's data is a separate store; each app (client) acts with HealthKit's
            per-type grants through its bearer token (`ohk clients add`). Dates are ISO 8601 with an offset; types are full
            identifiers (HKQuantityTypeIdentifierStepCount) or short names (stepCount); units are HealthKit unit strings.
            Every error is a JSON object `{"error": {...}}` naming the field at fault.
            Every request has a budget (sizes, statistics buckets, requests open at once, a rate per token and per address;
            `ohk serve --help` lists them): going over one is a `limitExceeded` error naming the limit and its maximum (400,
            408, 413, or 429 with `Retry-After`).
        servers:
          - url: http://127.0.0.1:8080
        security:
          - bearer: []
        paths:
          /:
            get:
              summary: The web page (HTML, no JavaScript)
              description: >-
                For the signed-in person as the client sees their store: today's HealthTrends chart (active energy against the
                typical day of the 30 days before, projection, Move goal) and the last 30 days of steps, active energy, resting
                heart rate and sleep as inline SVG; a type the client may not read shows "no data", as an empty one does.
                Signed in by a bearer header, or by the `ohk_token` cookie that `POST /session` or `?token=` sets (HttpOnly,
                SameSite=Strict; read by this page only, never by the JSON API). Without a valid token: the sign-in page, 401.
              security: [{bearer: []}, {cookie: []}]
              parameters:
                - {name: token, in: query, description: "Signs in: the answer is 303 to / with the cookie set (the token leaves the address bar); 401 for a bad token.", schema: {type: string}}
                - {name: timeZone, in: query, description: "IANA time zone of the days shown (default: the server's, `ohk serve --time-zone`).", schema: {type: string}, example: Europe/Berlin}
              responses:
                "200":
                  description: The page.
                  content:
                    text/html:
                      schema: {type: string}
                "303":
                  description: Signed in by `?token=`; the cookie is set and the page is at `/` (keeping `timeZone`).
                "400":
                  description: An unknown parameter or time zone (an HTML page naming it).
                "401":
                  description: No token, or one that is not known or was revoked; the sign-in page, and no data.
                  content:
                    text/html:
                      schema: {type: string}
                "429":
                  description: Too many requests from this client or address (rates in `ohk serve --help`); `Retry-After` says when to try again. JSON when refused before the page, an HTML page otherwise.
                  headers:
                    Retry-After: {$ref: "#/components/headers/RetryAfter"}
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ErrorBody"}
                    text/html:
                      schema: {type: string}
          /session:
            post:
              summary: Sign a browser in (the sign-in page's form)
              security: []
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [token]
                      properties:
                        token: {type: string, description: "A client token (ohk_SELECTOR_SECRET)."}
              responses:
                "303":
                  description: "Signed in; `Set-Cookie` ohk_token (HttpOnly, SameSite=Strict; Secure under TLS or behind an HTTPS proxy) and `Location: /`."
                "400":
                  description: The body is not a form (`Content-Type`).
                "401":
                  description: The token is not known or was revoked; the sign-in page again.
                  content:
                    text/html:
                      schema: {type: string}
                "408": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /session/delete:
            post:
              summary: Sign a browser out (the page's sign-out button)
              security: []
              responses:
                "303":
                  description: "Signed out; `Set-Cookie` ohk_token empty with Max-Age=0 and `Location: /` (the sign-in page)."
          /health:
            get:
              summary: Liveness
              security: []
              responses:
                "200":
                  description: The server answers.
                  content:
                    application/json:
                      example: {"status": "ok"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /metrics:
            get:
              summary: Prometheus metrics (requests, durations, samples saved and deleted, open stores)
              description: >-
                The operator's metrics token (`ohk serve --metrics-token-file` or `OHK_METRICS_TOKEN`) as a bearer token, not
                a client's: the figures count every person's activity. Off (404) when no metrics token is configured.
              security: []
              responses:
                "200":
                  description: Prometheus text format 0.0.4.
                  content:
                    text/plain:
                      schema: {type: string}
                "401": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /openapi.yaml:
            get:
              summary: This document
              security: []
              responses:
                "200":
                  description: The OpenAPI document.
                  content:
                    application/yaml:
                      schema: {type: object, required: [openapi, paths]}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /samples:
            post:
              summary: Save a batch of samples as the client (all or nothing)
              description: >-
                Quantity, category, correlation and workout samples. A sample with HKMetadataKeySyncIdentifier and
                HKMetadataKeySyncVersion replaces the client's stored one with the same identifier and a lower version; one with
                an equal or lower version is ignored.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [samples]
                      additionalProperties: false
                      properties:
                        samples: {type: array, minItems: 1, items: {$ref: "#/components/schemas/Sample"}}
                    example: {"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00-08:00", "endDate": "2024-03-10T09:00:00-08:00", "value": 1200, "unit": "count"}, {"type": "sleepAnalysis", "startDate": "2024-03-10T01:00:00-08:00", "endDate": "2024-03-10T06:30:00-07:00", "value": "asleepCore"}, {"type": "bloodPressure", "startDate": "2024-03-10T07:00:00Z", "objects": [{"type": "bloodPressureSystolic", "startDate": "2024-03-10T07:00:00Z", "value": 120, "unit": "mmHg"}, {"type": "bloodPressureDiastolic", "startDate": "2024-03-10T07:00:00Z", "value": 80, "unit": "mmHg"}]}, {"type": "workout", "startDate": "2024-03-10T10:00:00+01:00", "endDate": "2024-03-10T10:45:00+01:00", "activityType": "running", "statistics": [{"type": "activeEnergyBurned", "sum": {"value": 410, "unit": "kcal"}}], "metadata": {"HKMetadataKeySyncIdentifier": "run-1", "HKMetadataKeySyncVersion": 1}}]}
              responses:
                "201":
                  description: Saved.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          saved: {type: array, items: {type: string, format: uuid}}
                          ignored: {type: array, items: {type: string, format: uuid}}
                          replaced: {type: array, items: {type: string, format: uuid}}
                          anchor: {type: integer}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "408": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
            get:
              summary: A sample query (what the client may see), in pages
              parameters:
                - {$ref: "#/components/parameters/type"}
                - {$ref: "#/components/parameters/startDate"}
                - {$ref: "#/components/parameters/endDate"}
                - {name: strictStartDate, in: query, schema: {type: boolean}}
                - {name: strictEndDate, in: query, schema: {type: boolean}}
                - {name: source, in: query, description: "Bundle identifiers (repeatable).", schema: {type: string}}
                - {name: sort, in: query, schema: {type: string, enum: [startDate, -startDate, endDate, -endDate]}}
                - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 10000, default: 1000}}
                - {name: cursor, in: query, description: "nextCursor of the previous page.", schema: {type: string}}
                - {$ref: "#/components/parameters/unit"}
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200":
                  description: One page.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          type: {type: string}
                          samples: {type: array, items: {$ref: "#/components/schemas/Sample"}}
                          nextCursor: {type: [string, "null"]}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
            delete:
              summary: Delete by uuid (all or nothing), or the client's own samples of a type in a window
              parameters:
                - {name: uuid, in: query, description: "Repeatable.", schema: {type: string, format: uuid}}
                - {name: type, in: query, schema: {type: string}}
                - {$ref: "#/components/parameters/startDate"}
                - {$ref: "#/components/parameters/endDate"}
                - {name: strictStartDate, in: query, schema: {type: boolean}}
                - {name: strictEndDate, in: query, schema: {type: boolean}}
                - {$ref: "#/components/parameters/timeZone"}
              requestBody:
                required: false
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        uuids: {type: array, items: {type: string, format: uuid}}
              responses:
                "200":
                  description: Deleted.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          deleted: {type: array, items: {type: string, format: uuid}}
                          anchor: {type: integer}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "408": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /statistics:
            get:
              summary: One statistics query over the window (the JSON of `ohk stats`)
              parameters:
                - {$ref: "#/components/parameters/type"}
                - {$ref: "#/components/parameters/startDate"}
                - {$ref: "#/components/parameters/endDate"}
                - {$ref: "#/components/parameters/options"}
                - {name: bySource, in: query, schema: {type: boolean}}
                - {$ref: "#/components/parameters/unit"}
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200": {$ref: "#/components/responses/Statistics"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /statistics/collection:
            get:
              summary: A statistics collection, one bucket per interval (the JSON of `ohk stats --interval`)
              parameters:
                - {$ref: "#/components/parameters/type"}
                - {name: interval, in: query, required: true, description: "15min, 1h, 1d, 1w, 1mo, 1y.", schema: {type: string}}
                - {name: anchor, in: query, description: "Where buckets start (default local midnight; Monday for weeks).", schema: {type: string}}
                - {$ref: "#/components/parameters/startDate"}
                - {$ref: "#/components/parameters/endDate"}
                - {$ref: "#/components/parameters/options"}
                - {$ref: "#/components/parameters/unit"}
                - {name: bySource, in: query, schema: {type: boolean}}
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200": {$ref: "#/components/responses/Statistics"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /changes:
            get:
              summary: The anchored change feed (samples saved and deleted after the anchor), optionally long-polling
              parameters:
                - {$ref: "#/components/parameters/types"}
                - {name: anchor, in: query, schema: {type: integer, minimum: 0, default: 0}}
                - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 10000, default: 1000}}
                - {name: wait, in: query, description: "Seconds to wait for a commit when nothing is new (at most 60).", schema: {type: integer, minimum: 0, maximum: 60}}
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200":
                  description: The changes and the next anchor.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          samples: {type: array, items: {$ref: "#/components/schemas/Sample"}}
                          deletions:
                            type: array
                            items:
                              type: object
                              properties:
                                uuid: {type: string, format: uuid}
                                type: {type: string}
                                syncIdentifier: {type: string}
                                syncVersion: {type: number}
                          anchor: {type: integer}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "410": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /observe:
            get:
              summary: Server-Sent Events after each commit that changed samples of the types the client can see
              parameters:
                - {$ref: "#/components/parameters/types"}
                - {name: anchor, in: query, description: "Report changes after this anchor at once (also Last-Event-ID).", schema: {type: integer, minimum: 0}}
                - {name: timeout, in: query, description: "End the stream after this many seconds (0, the default: never).", schema: {type: integer, minimum: 0, maximum: 86400}}
                - {name: Last-Event-ID, in: header, schema: {type: integer}}
              responses:
                "200":
                  description: "`event: change`, `id: ANCHOR`, `data: {\"types\": [...], \"anchor\": N}` per commit; comments keep the stream alive."
                  content:
                    text/event-stream:
                      schema:
                        description: One event of the stream.
                        type: object
                        required: [event, id, data]
                        properties:
                          event: {type: string, enum: [change]}
                          id: {type: string, description: "The anchor after the commit."}
                          data: {type: string, contentMediaType: application/json, description: "{\"types\": [identifiers], \"anchor\": N}"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /sources:
            get:
              summary: The sources of a type's samples in the order statistics merge them
              parameters:
                - {$ref: "#/components/parameters/type"}
              responses:
                "200": {$ref: "#/components/responses/Sources"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /sources/priority:
            put:
              summary: Set a quantity type's source order (clients with full access only)
              parameters:
                - {$ref: "#/components/parameters/type"}
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        order: {type: [array, "null"], items: {type: string}}
                    example: {"order": ["com.apple.Health", "com.example.steps"]}
              responses:
                "200": {$ref: "#/components/responses/Sources"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "408": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /ingest/health-auto-export:
            post:
              summary: The JSON the iOS app Health Auto Export posts to REST automations, saved as the client (all or nothing)
              description: >-
                `data.metrics[].name/units/data[].qty/date/source` plus the app's heart rate (Min/Avg/Max), blood pressure,
                blood glucose and sleep shapes, and `data.workouts`. Each sample carries a sync identifier made of the metric,
                instant and source, so re-sending a payload saves nothing more. Metrics the server does not map, and read-only
                ones, are listed in `skipped`.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, required: [data]}
                    example: {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 812, "date": "2024-03-10 08:00:00 -0800", "source": "Apple Watch"}]}, {"name": "heart_rate", "units": "count/min", "data": [{"Min": 61, "Avg": 64.5, "Max": 70, "date": "2024-03-10 08:00:00 -0800"}]}], "workouts": [{"id": "7F3A", "name": "Outdoor Walk", "start": "2024-03-10 09:00:00 -0800", "end": "2024-03-10 09:40:00 -0800", "activeEnergyBurned": {"qty": 150, "units": "kcal"}}]}}
              responses:
                "200":
                  description: Nothing new to save (everything was there already, or nothing mapped).
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          saved: {type: integer}
                          ignored: {type: integer}
                          skipped: {type: array, items: {type: object, properties: {field: {type: string}, reason: {type: string}}}}
                          anchor: {type: integer}
                "201":
                  description: Saved.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          saved: {type: integer}
                          ignored: {type: integer}
                          skipped: {type: array, items: {type: object, properties: {field: {type: string}, reason: {type: string}}}}
                          anchor: {type: integer}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "408": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /import:
            post:
              summary: Import an Apple Health export (export.zip or export.xml) into the person's store (clients with full access only)
              description: >-
                The body is streamed to disk (up to the upload limit, 4 GiB by default), then imported while the answer streams
                NDJSON: progress lines, then the report. Re-importing the same export adds only what is new.
              requestBody:
                required: true
                content:
                  application/zip:
                    schema: {type: string, format: binary}
                  application/xml:
                    schema: {type: string, format: binary}
              responses:
                "200":
                  description: "`{\"progress\": {\"bytesRead\", \"totalBytes\", \"records\"}}` lines, then `{\"report\": {...}}` (or `{\"error\": {...}}`)."
                  content:
                    application/x-ndjson:
                      schema: {type: string}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /export:
            get:
              summary: Everything of the person as an Apple Health export.xml, which POST /import reads back (clients with full access only)
              description: >-
                Every app's samples with their metadata, correlations, workouts with events, statistics and routes, heartbeat
                series, activity summaries and characteristics, streamed as it is written. Dates without a recorded UTC offset
                are written in timeZone (default the server's). Not one snapshot: a commit made meanwhile may be in it or not.
              parameters:
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200":
                  description: The export document.
                  content:
                    application/xml:
                      schema: {type: string}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /activity-summaries:
            get:
              summary: Activity rings per day (stored, or computed from the day's samples)
              parameters:
                - {name: startDay, in: query, schema: {type: string, format: date}}
                - {name: endDay, in: query, schema: {type: string, format: date}}
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200":
                  description: The summaries.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          summaries: {type: array, items: {type: object}}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /sleep:
            get:
              summary: Sleep nights by the day of waking, sources merged by priority, with a summary
              description: >-
                The nights and naps whose waking day is from startDay through endDay (at most 366 days), computed from the
                sleep analysis samples the client may read: a night counts once however many sources recorded it, time in
                bed is its own figure, durations are in minutes and times in ISO 8601 with the zone's offset.
              parameters:
                - {name: startDay, in: query, required: true, schema: {type: string, format: date}}
                - {name: endDay, in: query, required: true, schema: {type: string, format: date}}
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200":
                  description: The nights and their summary.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [timeZone, nights, summary]
                        properties:
                          timeZone: {type: string}
                          nights:
                            type: array
                            items:
                              type: object
                              properties:
                                night: {type: string, format: date}
                                kind: {type: string, enum: [night, nap]}
                                bedtime: {type: string}
                                asleep_at: {type: [string, "null"]}
                                woke_at: {type: [string, "null"]}
                                in_bed: {type: [number, "null"]}
                                asleep: {type: number}
                                core: {type: number}
                                deep: {type: number}
                                rem: {type: number}
                                unspecified: {type: number}
                                awake: {type: number}
                                sources: {type: string}
                          summary: {type: object}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /workouts:
            get:
              summary: Workouts with distance, climb, energy, pace or speed and heart rate
              description: >-
                The workouts that start from `from` (inclusive) to `to` (exclusive), at most 366 days apart, oldest first,
                with the fields of `ohk workouts --format json`, computed from what the client may read: heart rate from
                the samples inside each workout merged by source priority, ascent and descent in metres from its route
                (a change counts once the altitude moved 3 m from the last level counted) or else its HKElevationAscended
                metadata. At most `limit` workouts (default and maximum 500); when more start in the window, `next` is
                the start of the first one left out: ask again from there (a workout that starts at that same instant
                may come again).
              parameters:
                - {name: from, in: query, required: true, schema: {type: string}, description: A day or an ISO 8601 time.}
                - {name: to, in: query, required: true, schema: {type: string}, description: A day or an ISO 8601 time.}
                - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 500}}
                - {$ref: "#/components/parameters/timeZone"}
              responses:
                "200":
                  description: The workouts.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [timeZone, workouts, next]
                        properties:
                          timeZone: {type: string}
                          next: {type: [string, "null"]}
                          workouts:
                            type: array
                            items:
                              type: object
                              properties:
                                uuid: {type: string, format: uuid}
                                start: {type: string}
                                activity: {type: string}
                                duration: {type: number, description: seconds}
                                distance: {type: [number, "null"], description: metres}
                                ascent: {type: [number, "null"], description: metres}
                                descent: {type: [number, "null"], description: metres}
                                energy: {type: [number, "null"], description: kilocalories}
                                pace: {type: [number, "null"], description: seconds per kilometre}
                                speed: {type: [number, "null"], description: kilometres per hour}
                                avg_hr: {type: [number, "null"]}
                                max_hr: {type: [number, "null"]}
                                source: {type: [string, "null"]}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /workouts/{uuid}/route:
            get:
              summary: A workout's route as GPX 1.1 or GeoJSON
              description: >-
                GPX 1.1 (the default): one track with one segment per route, each point with lat, lon, ele and time, its
                speed, course and accuracies as extensions in the namespace urn:openhealthkit:gpx:location:1. GeoJSON: a
                Feature with a LineString (a MultiLineString for several routes) of [lon, lat, ele] positions and the
                points' times in properties.coordTimes. A workout the client may not read answers 404 exactly as one
                that does not exist; a workout without a route answers 404 saying so.
              parameters:
                - {name: uuid, in: path, required: true, schema: {type: string, format: uuid}}
                - {name: format, in: query, schema: {type: string, enum: [gpx, geojson], default: gpx}}
              responses:
                "200":
                  description: The route file.
                  content:
                    application/gpx+xml:
                      schema: {type: string}
                    application/geo+json:
                      schema: {type: object}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /preferred-units:
            get:
              summary: The person's preferred unit of each quantity type, and the locale of the defaults
              description: >-
                The unit the person chose, else HealthKit's default for the store's locale (set by PUT, else the last imported
                export's `locale`, else en_US). Without `type`: every quantity type the client was granted (all for full
                access). A type the client was granted neither reading nor sharing is refused (403), as HealthKit refuses an
                app that never asked.
              parameters:
                - {name: type, in: query, description: "Quantity types; repeatable, or comma-separated.", schema: {type: string}, example: "bodyMass,distanceWalkingRunning"}
              responses:
                "200": {$ref: "#/components/responses/PreferredUnits"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
            put:
              summary: Choose preferred units and the locale of the defaults (clients with full access only)
              description: >-
                `units` maps types to HealthKit unit strings (null: back to the locale's default); `locale` is an identifier
                such as de_DE (null: the imported export's again). Every `HKHealthStore` on the store posts
                HKUserPreferencesDidChange. A unit that does not fit its type is a 400 naming `units.TYPE`; nothing is kept then.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        locale: {type: [string, "null"]}
                        units: {type: object, additionalProperties: {type: [string, "null"]}}
                    example: {"locale": "en_GB", "units": {"bodyMass": "kg", "bloodGlucose": "mmol<180.15588000005408>/L"}}
              responses:
                "200": {$ref: "#/components/responses/PreferredUnits"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "408": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /characteristics:
            get:
              summary: The person's characteristics (biological sex, blood type, date of birth, skin type, wheelchair use, move mode)
              description: >-
                By HealthKit identifier, in the export's spelling (HKBiologicalSexFemale; a date of birth as YYYY-MM-DD). Null
                when not set, and equally when the client may not read it; a characteristic the client was never granted
                (`ohk clients add … --read biologicalSex`) is left out.
              responses:
                "200": {$ref: "#/components/responses/Characteristics"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
            put:
              summary: Set characteristics (clients with full access only)
              description: >-
                Those named are set (null or a …NotSet value clears one); others keep their values. An unknown characteristic
                or value is a 400 naming it.
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, additionalProperties: {type: [string, "null"]}}
                    example: {"HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale", "HKCharacteristicTypeIdentifierDateOfBirth": "1985-06-01"}
              responses:
                "200": {$ref: "#/components/responses/Characteristics"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Error"}
                "403": {$ref: "#/components/responses/Error"}
                "408": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooManyRequests"}
        components:
          securitySchemes:
            bearer:
              type: http
              scheme: bearer
              description: "The token `ohk clients add PERSON BUNDLE-ID` printed: ohk_SELECTOR_SECRET."
            cookie:
              type: apiKey
              in: cookie
              name: ohk_token
              description: "The token, set by POST /session or GET /?token=; accepted by GET / only."
          parameters:
            type: {name: type, in: query, required: true, description: "Identifier or short name.", schema: {type: string}, example: stepCount}
            types: {name: type, in: query, required: true, description: "Repeatable, or comma-separated.", schema: {type: string}, example: "stepCount,heartRate"}
            startDate: {name: startDate, in: query, description: "ISO 8601 with an offset, or a day or wall-clock time in timeZone.", schema: {type: string}}
            endDate: {name: endDate, in: query, description: "Exclusive; same forms as startDate.", schema: {type: string}}
            unit: {name: unit, in: query, description: "A HealthKit unit string fitting the type (km, kcal, count/min).", schema: {type: string}}
            timeZone: {name: timeZone, in: query, description: "IANA time zone of dates read and written (default UTC).", schema: {type: string}, example: America/Los_Angeles}
            options: {name: options, in: query, description: "Comma-separated: sum, average, minimum, maximum, mostRecent, duration.", schema: {type: string}}
          responses:
            Error:
              description: A refusal naming the field (and, for `limitExceeded`, the limit; see `ohk serve --help`).
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorBody"}
                  example: {"error": {"status": 400, "code": "invalidField", "field": "samples[1].unit", "message": "samples[1].unit: km does not fit HKQuantityTypeIdentifierStepCount (use a unit like count)", "requestId": "ccc449781c0036ef6002bc953c0a130f"}}
            TooManyRequests:
              description: >-
                Over a rate (this client's requests, this address's requests without a token or sign-in attempts) or over the
                requests a client may have open at once (long-polls, streams, imports); `Retry-After` (rates) says when to try again.
              headers:
                Retry-After: {$ref: "#/components/headers/RetryAfter"}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ErrorBody"}
                  example: {"error": {"status": 429, "code": "limitExceeded", "limit": "requestsPerSecond", "maximum": 20, "retryAfter": 1, "message": "over the server's limit requestsPerSecond of 20; retry after 1 s; this client sends requests faster than the server allows (ohk serve --rate)", "requestId": "ccc449781c0036ef6002bc953c0a130f"}}
            Statistics:
              description: "`{type, unit, timeZone, statistics: [{start, end, figures…, sources?}]}`, as `ohk stats --format json`."
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      type: {type: string}
                      unit: {type: string}
                      timeZone: {type: string}
                      statistics: {type: array, items: {type: object}}
                  example: {"type": "HKQuantityTypeIdentifierStepCount", "unit": "count", "timeZone": "America/Los_Angeles", "statistics": [{"start": "2024-03-10T00:00:00-08:00", "end": "2024-03-11T00:00:00-07:00", "sum": 1650}]}
            Sources:
              description: The sources in merge order and the order set (null for the default).
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      type: {type: string}
                      order: {type: [array, "null"], items: {type: string}}
                      sources: {type: array, items: {$ref: "#/components/schemas/Source"}}
            PreferredUnits:
              description: The locale of the defaults and each type's unit; `chosen` is true where the person chose it.
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      locale: {type: string}
                      units:
                        type: array
                        items:
                          type: object
                          properties:
                            type: {type: string}
                            unit: {type: string}
                            chosen: {type: boolean}
            Characteristics:
              description: Characteristic values by identifier; null when not set or not readable.
              content:
                application/json:
                  schema: {type: object, additionalProperties: {type: [string, "null"]}}
          headers:
            RetryAfter:
              description: Seconds to wait before the request can succeed.
              schema: {type: integer, minimum: 1}
          schemas:
            ErrorBody:
              type: object
              required: [error]
              properties:
                error:
                  type: object
                  required: [status, code, message]
                  properties:
                    status: {type: integer}
                    code: {type: string, enum: [invalidField, malformedBody, unauthorized, forbidden, notFound, methodNotAllowed, conflict, limitExceeded, unsupportedMediaType, anchorExpired, storeFailure]}
                    field: {type: string, description: "A JSON path (samples[2].unit), a parameter, body, Authorization or Content-Type."}
                    limit: {type: string, description: "limitExceeded: the limit gone over (maximumBodyBytes, maximumBuckets, requestsPerSecond…).", enum: [maximumBodyBytes, maximumUploadBytes, maximumBatchSamples, maximumPageSize, maximumBuckets, maximumWaitSeconds, bodyTimeoutSeconds, maximumLongPollsPerClient, maximumStreamsPerClient, maximumImportsPerPerson, maximumImports, requestsPerSecond, anonymousRequestsPerSecond, signInAttemptsPerMinute]}
                    maximum: {type: number, description: "limitExceeded: the limit's value."}
                    requested: {type: number, description: "limitExceeded: what the request asked for, when known."}
                    retryAfter: {type: integer, description: "limitExceeded of a rate: seconds to wait, as in Retry-After."}
                    message: {type: string}
                    requestId: {type: string}
            Source:
              type: object
              properties:
                name: {type: string}
                bundleIdentifier: {type: string}
            Quantity:
              type: object
              required: [value, unit]
              properties:
                value: {type: number}
                unit: {type: string}
            Sample:
              type: object
              required: [type, startDate]
              description: >-
                By kind: quantity `value` + `unit`; category `value` (raw number or value name); correlation `objects`;
                workout `activityType` (case name, export name or raw value), `duration`, `events`, `statistics`;
                electrocardiogram (read-only), audiogram, state of mind, GAD-7/PHQ-9, vision prescription and clinical
                record (read-only) samples carry their whole content in one object named after the kind (enum fields
                are HealthKit's raw values).
              properties:
                uuid:
                  type: string
                  format: uuid
                  description: >-
                    Given by the server; only a full-access client may name it when saving (any other client gets 400 naming
                    the field, whatever is stored: use HKMetadataKeySyncIdentifier and HKMetadataKeySyncVersion for idempotent saves).
                type: {type: string}
                startDate: {type: string}
                endDate: {type: string}
                value: {type: [number, string]}
                valueName: {type: string, readOnly: true}
                unit: {type: string}
                objects: {type: array, items: {$ref: "#/components/schemas/Sample"}}
                activityType: {type: [string, integer]}
                duration: {type: number}
                events:
                  type: array
                  items:
                    type: object
                    properties:
                      type: {type: string}
                      startDate: {type: string}
                      endDate: {type: string}
                statistics:
                  type: array
                  items:
                    type: object
                    properties:
                      type: {type: string}
                      sum: {$ref: "#/components/schemas/Quantity"}
                      average: {$ref: "#/components/schemas/Quantity"}
                      minimum: {$ref: "#/components/schemas/Quantity"}
                      maximum: {$ref: "#/components/schemas/Quantity"}
                metadata: {type: object}
                device: {type: object}
                source: {$ref: "#/components/schemas/Source"}
                electrocardiogram:
                  type: object
                  readOnly: true
                  description: HKDataTypeIdentifierElectrocardiogram; voltages in microvolts, in order.
                  properties:
                    classification: {type: integer, description: "HKElectrocardiogram.Classification raw value"}
                    symptomsStatus: {type: integer, description: "0 not set, 1 none, 2 present"}
                    averageHeartRate: {type: number, description: beats per minute}
                    samplingFrequency: {type: number, description: hertz}
                    voltages: {type: array, items: {type: number}}
                audiogram:
                  type: object
                  description: HKDataTypeIdentifierAudiogram; sensitivities in dBHL, frequencies in hertz.
                  properties:
                    sensitivityPoints:
                      type: array
                      items:
                        type: object
                        required: [frequency, tests]
                        properties:
                          frequency: {type: number}
                          tests:
                            type: array
                            items:
                              type: object
                              required: [sensitivity, conductionType, masked, side]
                              properties:
                                sensitivity: {type: number}
                                conductionType: {type: integer, description: 0 air}
                                masked: {type: boolean}
                                side: {type: integer, description: 0 left, 1 right}
                                clampingLowerBound: {type: number}
                                clampingUpperBound: {type: number}
                stateOfMind:
                  type: object
                  description: HKDataTypeStateOfMind.
                  required: [kind, valence, labels, associations]
                  properties:
                    kind: {type: integer, description: 1 momentary emotion, 2 daily mood}
                    valence: {type: number, minimum: -1, maximum: 1}
                    labels: {type: array, items: {type: integer, minimum: 1, maximum: 38}}
                    associations: {type: array, items: {type: integer, minimum: 1, maximum: 18}}
                scoredAssessment:
                  type: object
                  description: >-
                    HKScoredAssessmentTypeIdentifierGAD7 (7 answers) or HKScoredAssessmentTypeIdentifierPHQ9 (9 answers;
                    the last may be 4, prefer not to answer); answers 0 not at all … 3 nearly every day.
                  required: [answers]
                  properties:
                    answers: {type: array, items: {type: integer}}
                visionPrescription:
                  type: object
                  description: >-
                    HKVisionPrescriptionTypeIdentifier; dates in seconds since 1970; powers in diopters, angles in
                    degrees, distances in millimetres. Read only by clients granted the object.
                  required: [prescriptionType, dateIssued]
                  properties:
                    prescriptionType: {type: integer, description: 1 glasses, 2 contacts}
                    dateIssued: {type: number}
                    expirationDate: {type: number}
                    rightEye: {type: object}
                    leftEye: {type: object}
                    brand: {type: string}
                clinicalRecord:
                  type: object
                  readOnly: true
                  description: >-
                    HKClinicalTypeIdentifier…Record types (labResultRecord, allergyRecord, …); from an export's
                    ClinicalRecord elements. startDate and endDate are when the record was received.
                  required: [displayName, resource]
                  properties:
                    displayName: {type: string}
                    resource:
                      type: object
                      required: [resourceType, identifier, json, fhirVersion]
                      properties:
                        resourceType: {type: string, description: "FHIR resource type (Observation, …)"}
                        identifier: {type: string, description: the resource's id at its source}
                        json: {type: string, description: the FHIR resource as the institution sent it (JSON text)}
                        sourceURL: {type: string}
                        fhirVersion: {type: string, description: "e.g. 4.0.1 (R4) or 1.0.2 (DSTU2)"}
                medicationDoseEvent:
                  type: object
                  description: >-
                    HKMedicationDoseEventTypeIdentifierMedicationDoseEvent; read-only for clients, read only by clients
                    granted the medication; dates in seconds since 1970.
                  required: [medicationConceptIdentifier, logStatus, scheduleType, unit]
                  properties:
                    medicationConceptIdentifier: {type: string}
                    logStatus: {type: integer, description: 1 not interacted … 4 taken, 5 skipped, 6 not logged}
                    scheduleType: {type: integer, description: 1 as needed, 2 schedule}
                    scheduledDate: {type: number}
                    doseQuantity: {type: number, minimum: 0}
                    scheduledDoseQuantity: {type: number, minimum: 0}
                    unit: {type: string}
        """#
}
