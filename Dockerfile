# grundy serve for a department: the playground, class sessions and games
# between devices on port 8080, data in the /data volume.
#   docker build -t grundy .
#   docker run -p 8080:8080 -v grundy-data:/data grundy

FROM node:22-bookworm AS build
RUN curl -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
ENV PATH=/root/.cargo/bin:$PATH
WORKDIR /src
COPY . .
RUN bash scripts/setup.sh && bash scripts/build.sh \
 && cargo build --release -p grundy-cli -p grundy-server

FROM debian:bookworm-slim
RUN useradd --system --home /data grundy && mkdir -p /data && chown grundy /data
COPY --from=build /src/target/release/grundy /src/target/release/grundy-serve /usr/local/bin/
COPY --from=build /src/dist /srv/grundy
USER grundy
VOLUME /data
EXPOSE 8080
CMD ["grundy", "serve", "--bind", "0.0.0.0", "--port", "8080", "--data", "/data", "--dist", "/srv/grundy"]
