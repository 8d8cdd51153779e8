# grundy serve for a department: the playground, class sessions and games
# between devices on port 8080, data in the /data volume.
#   docker build -t grundy .
#   docker run -p 8080:8080 -v grundy-data:/data grundy

FROM node:22-bookworm AS build
# The toolchain the project is tested with; the manifests' rust-version
# is the oldest that builds it.
RUN curl -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain 1.95.0
ENV PATH=/root/.cargo/bin:$PATH
WORKDIR /src
COPY . .
# build-cli.sh builds grundy and grundy-serve each on its own, statically
# linked where glibc's static libraries are installed, as here.
RUN bash scripts/setup.sh && bash scripts/build.sh \
 && grundy=$(bash scripts/build-cli.sh) \
 && mkdir /out && cp "$grundy" "$(dirname "$grundy")/grundy-serve" /out/

FROM debian:bookworm-slim
RUN useradd --system --home /data grundy && mkdir -p /data && chown grundy /data
COPY --from=build /out/grundy /out/grundy-serve /usr/local/bin/
COPY --from=build /src/dist /srv/grundy
USER grundy
VOLUME /data
EXPOSE 8080
CMD ["grundy", "serve", "--bind", "0.0.0.0", "--port", "8080", "--data", "/data", "--dist", "/srv/grundy"]
