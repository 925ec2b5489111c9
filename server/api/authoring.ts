// The course-authoring calls of spec §7 ("REST-like", under /home/courses), used by the course editor:
// GET lists and reads, POST stores, PUT updates, DELETE deletes, POST .../order reorders. Who may is core's
// catalog policy (core/catalog/policies.ts), asked by each use-case with the request's actor; every
// id must belong to its parent (a lecture of another course is a 404, like one that does not exist).
// Image, video and PDF uploads (/home/images/*, .../create-video, .../create-pdf) live in server/api/media.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createComponent } from "#core/catalog/create-component.ts";
import { createCourse } from "#core/catalog/create-course.ts";
import { createLecture } from "#core/catalog/create-lecture.ts";
import { createSection } from "#core/catalog/create-section.ts";
import { deleteComponent } from "#core/catalog/delete-component.ts";
import { deleteCourse } from "#core/catalog/delete-course.ts";
import { deleteLecture } from "#core/catalog/delete-lecture.ts";
import { deleteSection } from "#core/catalog/delete-section.ts";
import { getAuthoredCourse } from "#core/catalog/get-authored-course.ts";
import { getLectureForEditing } from "#core/catalog/get-lecture-for-editing.ts";
import { listAuthoredCourses } from "#core/catalog/list-authored-courses.ts";
import { listSections } from "#core/catalog/list-sections.ts";
import { newLectureDefaults } from "#core/catalog/new-lecture-defaults.ts";
import { orderComponents } from "#core/catalog/order-components.ts";
import { orderLectures } from "#core/catalog/order-lectures.ts";
import { orderSections } from "#core/catalog/order-sections.ts";
import { updateComponent } from "#core/catalog/update-component.ts";
import { updateCourse } from "#core/catalog/update-course.ts";
import { updateLecture } from "#core/catalog/update-lecture.ts";
import { updateSection } from "#core/catalog/update-section.ts";
import { setLectureDrip } from "#core/catalog/set-lecture-drip.ts";
import { setSectionDrip } from "#core/catalog/set-section-drip.ts";
import { grantAccessByEmail } from "#core/learning/grant-access-by-email.ts";
import { listCourseStudents } from "#core/learning/list-course-students.ts";
import { revokeAccessByAdmin } from "#core/learning/revoke-access-by-admin.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

type Params = { courseId?: string; sectionId?: string; lectureId?: string; componentId?: string; userId?: string };

const COURSE = "/home/courses/:courseId";
const SECTION = `${COURSE}/sections/:sectionId`;
const LECTURE = `${SECTION}/lectures/:lectureId`;

/**
 * The path's ids as they came: each use-case asks the catalog's policy first (401 / 403 whatever the ids), then
 * parses them (404 when not plain ids: core/catalog/authorize-authoring.ts).
 */
function path(request: FastifyRequest) {
  const p = request.params as Params;
  return {
    course: { courseId: p.courseId },
    section: { courseId: p.courseId, sectionId: p.sectionId },
    lecture: { courseId: p.courseId, sectionId: p.sectionId, lectureId: p.lectureId },
    component: { courseId: p.courseId, sectionId: p.sectionId, lectureId: p.lectureId, componentId: p.componentId },
    access: { courseId: p.courseId, userId: p.userId },
  };
}

export async function authoringRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  // Courses. GET /home/courses and /home/courses/{id} are also the editor's pages: the JSON reads answer
  // only JSON callers, a browser's navigation gets the page.
  app.get("/home/courses", jsonCallsOnly(app), async (request) => {
    return { courses: await listAuthoredCourses(db, request.ctx.actor) };
  });

  // Also the "New course" page's plain form (before hydration): 303 to the new course's editor.
  app.post("/home/courses", staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const course = await createCourse(db, request.ctx.actor, request.body, request.ctx.school);
        return { json: { course }, redirect: `/home/courses/${course.id}` };
      },
      "/home/courses/new",
    ),
  );

  // Digits only: the editor page's own data request (/home/courses/12.data, from a client-side navigation)
  // must fall through to the pages.
  app.get("/home/courses/:courseId(^\\d+$)", jsonCallsOnly(app), async (request) =>
    getAuthoredCourse(db, request.ctx.actor, path(request).course.courseId),
  );

  app.put(COURSE, staff, async (request) => ({
    course: await updateCourse(db, request.ctx.actor, path(request).course.courseId, request.body),
  }));

  app.delete(COURSE, staff, async (request) => {
    await deleteCourse(db, request.ctx.actor, path(request).course.courseId);
    return { ok: true };
  });

  // Sections
  app.get(`${COURSE}/sections`, async (request) => ({
    sections: await listSections(db, request.ctx.actor, path(request).course.courseId),
  }));

  app.post(`${COURSE}/sections`, staff, async (request) => ({
    section: await createSection(db, request.ctx.actor, path(request).course.courseId, request.body),
  }));

  app.post(`${COURSE}/sections/order`, staff, async (request) => ({
    ids: await orderSections(db, request.ctx.actor, path(request).course.courseId, request.body),
  }));

  app.put(SECTION, staff, async (request) => ({
    section: await updateSection(db, request.ctx.actor, path(request).section, request.body),
  }));

  app.put(`${SECTION}/drip`, staff, async (request) => ({
    section: await setSectionDrip(db, request.ctx.actor, path(request).section, request.body),
  }));

  app.delete(SECTION, staff, async (request) => {
    await deleteSection(db, request.ctx.actor, path(request).section);
    return { ok: true };
  });

  // Lectures
  app.post(`${SECTION}/lectures`, staff, async (request) => ({
    lecture: await createLecture(db, request.ctx.actor, path(request).section, request.body),
  }));

  app.get(`${SECTION}/lectures/create`, async (request) =>
    newLectureDefaults(db, request.ctx.actor, path(request).section),
  );

  app.post(`${SECTION}/lectures/order`, staff, async (request) => ({
    ids: await orderLectures(db, request.ctx.actor, path(request).section, request.body),
  }));

  app.get(LECTURE, async (request) => getLectureForEditing(db, request.ctx.actor, path(request).lecture));

  app.put(LECTURE, staff, async (request) => ({
    lecture: await updateLecture(db, request.ctx.actor, path(request).lecture, request.body),
  }));

  app.put(`${LECTURE}/drip`, staff, async (request) => ({
    lecture: await setLectureDrip(db, request.ctx.actor, path(request).lecture, request.body),
  }));

  app.delete(LECTURE, staff, async (request) => {
    await deleteLecture(db, request.ctx.actor, path(request).lecture);
    return { ok: true };
  });

  // Components
  app.post(`${LECTURE}/components`, staff, async (request) => ({
    component: await createComponent(db, request.ctx.actor, path(request).lecture, request.body),
  }));

  app.post(`${LECTURE}/components/order`, staff, async (request) => ({
    ids: await orderComponents(db, request.ctx.actor, path(request).lecture, request.body),
  }));

  app.put(`${LECTURE}/components/:componentId`, staff, async (request) => ({
    component: await updateComponent(db, request.ctx.actor, path(request).component, request.body),
  }));

  app.delete(`${LECTURE}/components/:componentId`, staff, async (request) => {
    await deleteComponent(db, request.ctx.actor, path(request).component);
    return { ok: true };
  });

  // Who may watch the course (the admin's grants; purchases add theirs in the checkout).
  app.get(`${COURSE}/access`, async (request) => ({
    students: await listCourseStudents(db, request.ctx.actor, path(request).course.courseId),
  }));

  app.post(`${COURSE}/access`, staff, async (request) => {
    return {
      student: await grantAccessByEmail(db, request.ctx.actor, path(request).course.courseId, request.body),
    };
  });

  app.delete(`${COURSE}/access/:userId`, staff, async (request) => {
    await revokeAccessByAdmin(db, request.ctx.actor, path(request).access);
    return { ok: true };
  });
}
